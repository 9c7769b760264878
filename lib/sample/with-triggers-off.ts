import type { RunSql } from "./run-sql";

export type TableTrigger = { readonly table: string; readonly trigger: string };

/**
 * A bulk load with the given triggers off, in its own transaction only: ALTER TABLE … DISABLE
 * TRIGGER is transactional and holds its table against every other writer (SHARE ROW EXCLUSIVE)
 * until the load commits, so no other writer runs without them, and a failed or killed load
 * leaves them on. What they would have kept is the caller's to write.
 */
export async function withTriggersOff<T>(sql: RunSql, triggers: readonly TableTrigger[], load: () => Promise<T>): Promise<T> {
  for (const { table, trigger } of triggers) await sql(`ALTER TABLE "${table}" DISABLE TRIGGER "${trigger}"`);
  const result = await load();
  for (const { table, trigger } of triggers) await sql(`ALTER TABLE "${table}" ENABLE TRIGGER "${trigger}"`);
  return result;
}
