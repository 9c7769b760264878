// Applies the shipped SQL migrations and records them in _prisma_migrations exactly as Prisma
// Migrate does, so `prisma migrate deploy` and `status` on a connected machine agree with us.
import { randomUUID } from "node:crypto";
import type { Connection, Session } from "./connection";
import { listShippedMigrations, type ShippedMigration } from "./shipped-migrations";

// The advisory lock key Prisma Migrate uses, so our runner and Prisma's never run at once.
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

type AppliedRow = { migration_name: string };

/**
 * Applies what has not been applied yet; returns the names it applied. Each migration runs in a
 * transaction of its own that first takes the migration lock and checks again that no other
 * runner applied it meanwhile, and records it as finished before it commits: a process killed at
 * any moment leaves a migration either applied and recorded, or neither, and two runners never
 * apply one twice. The lock is transaction-scoped (pg_advisory_xact_lock), not held by the
 * session: through a transaction pooler (PgBouncer in transaction mode) each transaction may run
 * on another server connection, so a session lock would be taken on one and "released" on
 * another, and stay held. It is the key Prisma Migrate's session lock uses, so its runs and ours
 * wait for each other.
 */
export async function applyMigrations(
  connection: Connection,
  shipped: ShippedMigration[] = listShippedMigrations(),
): Promise<string[]> {
  return connection.session(async (session) => {
    // The bookkeeping table's creation is under the lock too: two runners creating it at once
    // could both find it missing, and one would fail.
    await session
      .script(`BEGIN;\nSELECT pg_advisory_xact_lock(${MIGRATION_LOCK});\n${MIGRATIONS_TABLE_DDL};\n${MARK_FAILED_ATTEMPTS};\nCOMMIT`)
      .catch(async (error: unknown) => {
        await session.script("ROLLBACK").catch(() => {});
        throw error;
      });
    const done = await appliedNames(session);
    const applied: string[] = [];
    for (const migration of shipped.filter((m) => !done.has(m.name))) {
      if (await applyOne(session, migration)) applied.push(migration.name);
    }
    return applied;
  });
}

// A failed attempt (recorded with its error after its transaction rolled back) left nothing
// behind, so it is safe to mark it so and try again (what `prisma migrate resolve --rolled-back`
// would record).
const MARK_FAILED_ATTEMPTS = `UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE finished_at IS NULL AND rolled_back_at IS NULL`;

async function appliedNames(session: Session): Promise<Set<string>> {
  const rows = await session.query<AppliedRow>(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  return new Set(rows.map((r) => r.migration_name));
}

/** Applies one migration unless another runner has meanwhile; whether this one applied it. */
async function applyOne(session: Session, migration: ShippedMigration): Promise<boolean> {
  try {
    await session.script(`BEGIN;\nSELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    const [appliedMeanwhile] = await session.query(
      `SELECT 1 FROM "_prisma_migrations" WHERE migration_name = $1 AND finished_at IS NOT NULL AND rolled_back_at IS NULL`,
      [migration.name],
    );
    if (appliedMeanwhile) {
      await session.script("COMMIT");
      return false;
    }
  } catch (error) {
    await session.script("ROLLBACK").catch(() => {});
    throw error;
  }
  try {
    await session.script(`${migration.sql}\n;`);
    await session.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
       VALUES ($1, $2, $3, now(), clock_timestamp(), 1)`,
      [randomUUID(), migration.checksum, migration.name],
    );
    await session.script("COMMIT");
    return true;
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
}
