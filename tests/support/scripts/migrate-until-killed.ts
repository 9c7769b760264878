// Run by tests/integration/migration-crash.test.ts in a child process: applies the shipped
// migrations to the configured database and kills itself (SIGKILL, no cleanup) right after the
// runner's statement number argv[2] returns (0: never). Prints what the database then records.
import { readConfig } from "@/lib/config";
import { applyMigrations } from "@/lib/db/apply-migrations";
import { openConnection, type Connection, type Session } from "@/lib/db/connection";

const killAfter = Number(process.argv[2] ?? "0");
let statements = 0;
const counted = async <T>(result: Promise<T>): Promise<T> => {
  const value = await result;
  if (++statements === killAfter) process.kill(process.pid, "SIGKILL");
  return value;
};

const connection = await openConnection(readConfig());
const counting: Connection = {
  ...connection,
  session: (fn) =>
    connection.session((session) =>
      fn({
        query: (sql, params) => counted(session.query(sql, params)),
        script: (sql) => counted(session.script(sql)),
      } as Session),
    ),
};
const applied = await applyMigrations(counting);
const finished = await connection.session((session) =>
  session.query<{ migration_name: string }>(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY 1`,
  ),
);
process.stdout.write(`${JSON.stringify({ statements, applied, finished: finished.map((r) => r.migration_name) })}\n`);
await connection.close();
