// npx tsx scripts/db-diff.ts — prints the SQL that takes the database prisma/migrations builds to
// the one prisma/schema.prisma describes: the body of the next migration, e.g.
//   mkdir prisma/migrations/20270101000000_add_x
//   npx tsx scripts/db-diff.ts > prisma/migrations/20270101000000_add_x/migration.sql
// (what `prisma migrate diff --from-migrations ... --to-schema ... --script` prints, offline).
// Hand-written SQL Prisma cannot express (CHECK constraints, triggers, data) is yours to add.
import { closeSchemaDiff, diffSchemaAgainstMigrations, schemaEngineVersion } from "../tests/support/schema-diff";

try {
  const sql = await diffSchemaAgainstMigrations();
  // Only the SQL goes to stdout, so that it can be redirected into a migration file.
  console.error(`Prisma schema engine (WASM) ${await schemaEngineVersion()}`);
  if (sql) process.stdout.write(sql);
  else console.error("schema.prisma and prisma/migrations agree: nothing to migrate.");
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await closeSchemaDiff();
}
