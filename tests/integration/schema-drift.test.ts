// prisma/schema.prisma and prisma/migrations must describe the same database: the client is
// generated from the one, production is built by the other. Prisma's schema engine (WASM) diffs
// them offline; see tests/support/schema-diff.ts.
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listShippedMigrations } from "@/lib/db/shipped-migrations";
import { closeSchemaDiff, diffSchemaAgainstMigrations } from "../support/schema-diff";

const schema = fs.readFileSync(path.join(process.cwd(), "prisma", "schema.prisma"), "utf8");

// The first diff starts an in-memory PostgreSQL (PGlite), which takes seconds on a busy machine.
describe("schema.prisma and the migrations", { timeout: 120_000 }, () => {
  afterAll(closeSchemaDiff);

  it("agree: the engine would generate an empty migration", async () => {
    // On failure the SQL shown is what the next migration needs (npx tsx scripts/db-diff.ts).
    expect(await diffSchemaAgainstMigrations()).toBe("");
  });

  it("disagree when the schema has a column no migration creates", async () => {
    const altered = schema.replace(/^model Ngo \{\n/m, '$&  driftProbe String? @map("drift_probe")\n');
    expect(altered).not.toBe(schema);

    const sql = await diffSchemaAgainstMigrations({ schema: altered });
    expect(sql).toMatch(/ALTER TABLE "ngos" ADD COLUMN\s+"drift_probe" TEXT;/);
  });

  it("fail loudly on a migration that does not apply", async () => {
    // Without the adapter fix in schema-diff.ts this error was lost and the diff came out empty.
    const migrations = [
      ...listShippedMigrations(),
      { name: "29991231000000_broken", sql: 'ALTER TABLE "ngos" ADD COLUMN "x" TEXT;\nCREATE TABLE "oops" (;' },
    ];
    await expect(diffSchemaAgainstMigrations({ migrations })).rejects.toThrow(
      /29991231000000_broken[\s\S]*syntax error/,
    );
  });
});
