import { getPrisma } from "@/lib/db";
import { getMigrationStatus, type MigrationStatus } from "@/lib/db/migration-status";
import type { CheckOutcome } from "./types";

/**
 * Applied vs shipped migrations. Pending or failed migrations are `fail`: this build's queries
 * expect tables and columns the database does not have, so it must not take traffic until
 * `npm run db:migrate` has run. Modified or unknown ones are `warn`: the schema this build needs
 * is there (unknown ones are what a newer release applied, as during a rolling deploy or a
 * rollback), but the history has drifted and an operator should look.
 */
export async function checkMigrations(
  readStatus: () => Promise<MigrationStatus> = async () => getMigrationStatus(await getPrisma()),
): Promise<CheckOutcome> {
  const migrations = await readStatus();
  const observedValue = { applied: migrations.applied, shipped: migrations.shipped };
  const findings = (["pending", "failed", "modified", "unknown"] as const)
    .filter((kind) => migrations[kind].length > 0)
    .map((kind) => `${kind}: ${migrations[kind].join(", ")}`);
  if (migrations.pending.length > 0 || migrations.failed.length > 0) {
    return { status: "fail", observedValue, output: findings.join("; ") };
  }
  if (findings.length > 0) return { status: "warn", observedValue, output: findings.join("; ") };
  return { status: "pass", observedValue };
}
