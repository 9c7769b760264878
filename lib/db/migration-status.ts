import type { PrismaClient } from "./generated/client";
import { listShippedMigrations } from "./shipped-migrations";

export type MigrationStatus = {
  shipped: number;
  applied: number;
  /** Shipped but not applied yet. */
  pending: string[];
  /** Started and neither finished nor rolled back. */
  failed: string[];
  /** Applied with a checksum other than the shipped file's. */
  modified: string[];
  /** Applied here but not shipped with this build (a newer release ran against this database). */
  unknown: string[];
};

type Row = { migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null };

/** Compares the migrations this build ships with what the database has recorded. */
export async function getMigrationStatus(prisma: PrismaClient): Promise<MigrationStatus> {
  const shipped = listShippedMigrations();
  const [table] = await prisma.$queryRaw<{ present: boolean }[]>`
    SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS present`;
  const rows = table?.present
    ? await prisma.$queryRaw<Row[]>`
        SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`
    : [];
  const finished = new Map(
    rows.filter((r) => r.finished_at && !r.rolled_back_at).map((r) => [r.migration_name, r.checksum]),
  );
  const shippedNames = new Set(shipped.map((m) => m.name));
  return {
    shipped: shipped.length,
    applied: finished.size,
    pending: shipped.filter((m) => !finished.has(m.name)).map((m) => m.name),
    failed: rows.filter((r) => !r.finished_at && !r.rolled_back_at).map((r) => r.migration_name),
    modified: shipped.filter((m) => finished.has(m.name) && finished.get(m.name) !== m.checksum).map((m) => m.name),
    unknown: [...finished.keys()].filter((name) => !shippedNames.has(name)),
  };
}
