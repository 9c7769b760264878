import { Prisma, queryRows } from "@/lib/db";
import { ngoColumns, type NgoRow } from "./ngo-record";
import { registryWhere } from "./registry-where";
import type { RegistryFilters } from "./schemas";
import type { Tier } from "@/lib/tiers";

export type ExportRows = {
  rows: NgoRow[];
  /** Where the next batch starts: the id of this one's last entry (null when it is empty). */
  last: string | null;
};

/**
 * The next `size` entries of an export after the entry `after`, as the tier may see them, by id,
 * of those created by `mark`: one short query on the primary key, without their details
 * (projectNgoRows reads those). An id never changes, so no entry moves across the export's
 * position while it runs; and ids sort by creation (lib/random-id.ts), so consecutive entries,
 * their score components and their history lie on neighbouring pages and in neighbouring index
 * leaves, read once each. No transaction stays open while a slow client reads.
 */
export async function readExportRows(
  filters: RegistryFilters,
  tier: Tier,
  mark: string,
  after: string | null,
  size: number,
): Promise<ExportRows> {
  const rows = await queryRows<NgoRow>(exportBatchStatement(filters, tier, mark, after, size));
  return { rows, last: rows.at(-1)?.id ?? null };
}

/** The statement of readExportRows (the query-plan test EXPLAINs it). */
export function exportBatchStatement(filters: RegistryFilters, tier: Tier, mark: string, after: string | null, size: number): Prisma.Sql {
  const conditions = [registryWhere(filters, tier), Prisma.sql`n.created_at <= ${mark}::timestamptz`];
  if (after) conditions.push(Prisma.sql`n.id > ${after}::text`);
  return Prisma.sql`
    SELECT ${ngoColumns(tier)}
    FROM ngos n
    WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY n.id
    LIMIT ${size}::int`;
}
