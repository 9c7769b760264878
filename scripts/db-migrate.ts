// npm run db:migrate — applies the shipped migrations to the configured database.
import { config } from "@/lib/config";
import { applyMigrations } from "@/lib/db/apply-migrations";
import { openConnection } from "@/lib/db/connection";

const connection = await openConnection(config());
try {
  const applied = await applyMigrations(connection);
  console.log(applied.length ? `Applied ${applied.join(", ")}` : "Database is up to date.");
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await connection.close();
}
