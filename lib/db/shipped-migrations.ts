import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export type ShippedMigration = { name: string; sql: string; checksum: string };

/** The migrations that ship with this build, in the order Prisma applies them (by folder name). */
export function listShippedMigrations(
  dir = path.join(process.cwd(), "prisma", "migrations"),
): ShippedMigration[] {
  return fs
    .readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(/*turbopackIgnore: true*/ path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(/*turbopackIgnore: true*/ path.join(dir, name, "migration.sql"), "utf8");
      // Prisma's checksum: SHA-256 of the file's bytes, hex.
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}
