import { Prisma, queryRows } from "@/lib/db";
import type { ExportPosition } from "./export-cursor";
import { ngoColumns, utcText, type NgoRow } from "./ngo-record";
import { registryWhere } from "./registry-where";
import type { RegistryFilters } from "./schemas";
import type { Tier } from "@/lib/tiers";

export type ExportRows = {
  rows: NgoRow[];
  /** Where the next batch starts: the last entry of this one (null when it is empty). */
  last: Pick<ExportPosition, "createdAt" | "id"> | null;
};

/**
 * The next `size` entries of an export after `after`, as the tier may see them, in creation order
 * (created_at, id: neither ever changes, so no entry moves across the export's position while it
 * runs), of those created by `mark`: one short query on the (created_at, id) index, without their
 * details (projectNgoRows reads those). No transaction stays open while a slow client reads.
 */
export async function readExportRows(
  filters: RegistryFilters,
  tier: Tier,
  mark: string,
  after: Pick<ExportPosition, "createdAt" | "id"> | null,
  size: number,
): Promise<ExportRows> {
  const conditions = [registryWhere(filters, tier), Prisma.sql`n.created_at <= ${mark}::timestamptz`];
  if (after) conditions.push(Prisma.sql`(n.created_at, n.id) > (${after.createdAt}::timestamptz, ${after.id}::text)`);
  const rows = await queryRows<NgoRow & { export_created_at: string }>(Prisma.sql`
    SELECT ${ngoColumns(tier)}, ${utcText(Prisma.sql`n.created_at`)} AS export_created_at
    FROM ngos n
    WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY n.created_at, n.id
    LIMIT ${size}::int`);
  const lastRow = rows.at(-1);
  return {
    rows,
    last: lastRow ? { createdAt: lastRow.export_created_at, id: lastRow.id } : null,
  };
}
