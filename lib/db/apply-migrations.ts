// Applies the shipped SQL migrations and records them in _prisma_migrations exactly as Prisma
// Migrate does, so `prisma migrate deploy` and `status` on a connected machine agree with us.
import { randomUUID } from "node:crypto";
import type { Connection, Session } from "./connection";
import { listShippedMigrations, type ShippedMigration } from "./shipped-migrations";

// The advisory lock id Prisma Migrate uses, so our runner and Prisma's never run at once.
const MIGRATION_LOCK = 72707369;

export const MIGRATIONS_TABLE_DDL = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export class MigrationError extends Error {
  override name = "MigrationError";
}

type AppliedRow = { id: string; migration_name: string; finished_at: Date | null; rolled_back_at: Date | null };

/**
 * Applies what has not been applied yet; returns the names it applied. The advisory lock comes
 * before any statement, the bookkeeping table's creation included, so two runners never
 * interleave; each migration is recorded as finished in the transaction that applies it, so a
 * process killed at any moment leaves it either applied and recorded, or neither.
 */
export async function applyMigrations(
  connection: Connection,
  shipped: ShippedMigration[] = listShippedMigrations(),
): Promise<string[]> {
  return connection.session(async (session) => {
    await session.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await session.script(MIGRATIONS_TABLE_DDL);
      return await applyPending(session, shipped);
    } finally {
      await session.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  });
}

async function applyPending(session: Session, shipped: ShippedMigration[]): Promise<string[]> {
  const rows = await session.query<AppliedRow>(
    `SELECT id, migration_name, finished_at, rolled_back_at FROM "_prisma_migrations"`,
  );
  const done = new Set(rows.filter((r) => r.finished_at && !r.rolled_back_at).map((r) => r.migration_name));
  // A failed attempt (recorded with its error after its transaction rolled back) left nothing
  // behind, so it is safe to mark it so and try again (what `prisma migrate resolve
  // --rolled-back` would record).
  await session.query(
    `UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE finished_at IS NULL AND rolled_back_at IS NULL`,
  );

  const applied: string[] = [];
  for (const migration of shipped.filter((m) => !done.has(m.name))) {
    try {
      await session.script(`BEGIN;\n${migration.sql}\n;`);
      await session.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
         VALUES ($1, $2, $3, now(), clock_timestamp(), 1)`,
        [randomUUID(), migration.checksum, migration.name],
      );
      await session.script("COMMIT");
    } catch (error) {
      await session.script("ROLLBACK").catch(() => {});
      const reason = error instanceof Error ? error.message : String(error);
      await session.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, logs, applied_steps_count)
         VALUES ($1, $2, $3, now(), $4, 0)`,
        [randomUUID(), migration.checksum, migration.name, reason],
      );
      throw new MigrationError(`Migration ${migration.name} failed and was rolled back: ${reason}`);
    }
    applied.push(migration.name);
  }
  return applied;
}
