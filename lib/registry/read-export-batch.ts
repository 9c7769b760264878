import { copyLines, Prisma, queryRows } from "@/lib/db";
import { exportLine } from "./export-lines";
import { registryWhere } from "./registry-where";
import type { RegistryFilters } from "./schemas";
import type { Tier } from "@/lib/tiers";

export type ExportBatch = {
  /** The batch's entries, one JSON line each; none when they were read as `ndjson`. */
  lines: string[];
  /** The batch's entries as NDJSON: UTF-8 bytes, each line followed by a newline. */
  ndjson: Buffer[] | null;
  /** How many entries the batch holds. */
  count: number;
  /** Where the next batch starts: this one's end, or its last entry's id when it is the last. */
  last: string | null;
  /** Whether entries may follow (the batch was cut at its size). */
  more: boolean;
};

/**
 * A batch of an export is the entries after `after` up to and including `end`, by id, of those
 * created by `mark`, as the tier may see them. An id never changes, so no entry moves across a
 * batch's ends while the export runs; and ids sort by creation (lib/random-id.ts), so consecutive
 * entries and their details' JSON lie on neighbouring pages and index leaves.
 *
 * The end comes first, from the primary key alone (readExportEnd): so the next batch's end is
 * known while this one's lines are still being written, and the batches an export reads ahead
 * are written at once, each on a connection of its own. No transaction stays open while a slow
 * client reads.
 */
function batchWhere(filters: RegistryFilters, tier: Tier, mark: string, after: string | null, end?: string | null): Prisma.Sql {
  const conditions = [registryWhere(filters, tier), Prisma.sql`n.created_at <= ${mark}::timestamptz`];
  if (after) conditions.push(Prisma.sql`n.id > ${after}::text`);
  if (end) conditions.push(Prisma.sql`n.id <= ${end}::text`);
  return Prisma.join(conditions, " AND ");
}

/** The id of the `size`th entry after `after`, where a batch of that size ends; null when fewer follow. */
export async function readExportEnd(filters: RegistryFilters, tier: Tier, mark: string, after: string | null, size: number): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(exportEndStatement(filters, tier, mark, after, size));
  return row?.id ?? null;
}

/**
 * The entries from `after` to `end` (to the last entry when `end` is null), as JSON lines, or as
 * NDJSON bytes when `ndjson` is asked for and the batch's end is known: on PostgreSQL those come
 * from COPY as the server wrote them, never decoded into strings and encoded again (at 2,000,000
 * entries the strings were most of the server's garbage collection: docs/benchmarks.md). Without
 * JIT either way: the estimate grows with the batch's details, and compiling costs more than the
 * batch.
 */
export async function readExportLines(
  filters: RegistryFilters,
  tier: Tier,
  mark: string,
  after: string | null,
  end: string | null,
  as: "lines" | "ndjson" = "lines",
): Promise<ExportBatch> {
  // The last batch (no end) says where it ended: its last entry's id, from its rows.
  const ndjson = as === "ndjson" && end !== null ? await copyLines(exportLinesStatement(filters, tier, mark, after, end, "line")) : null;
  if (ndjson) return { lines: [], ndjson, count: countLines(ndjson), last: end, more: true };
  const rows = await queryRows<{ id: string; line: string }>(exportLinesStatement(filters, tier, mark, after, end), { withoutJit: true });
  return { lines: rows.map((row) => row.line), ndjson: null, count: rows.length, last: end ?? rows.at(-1)?.id ?? after, more: end !== null };
}

const NEWLINE = 0x0a;

function countLines(chunks: readonly Buffer[]): number {
  let count = 0;
  for (const chunk of chunks) for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) count += 1;
  return count;
}

/** readExportEnd's statement (the query-plan test EXPLAINs it). */
export function exportEndStatement(filters: RegistryFilters, tier: Tier, mark: string, after: string | null, size: number): Prisma.Sql {
  return Prisma.sql`
    SELECT n.id FROM ngos n
    WHERE ${batchWhere(filters, tier, mark, after)}
    ORDER BY n.id OFFSET ${size - 1}::int LIMIT 1`;
}

/** readExportLines' statement (the query-plan test EXPLAINs it): each entry's id and line, or its line alone. */
export function exportLinesStatement(
  filters: RegistryFilters,
  tier: Tier,
  mark: string,
  after: string | null,
  end: string | null,
  columns: "id, line" | "line" = "id, line",
): Prisma.Sql {
  const { line, details } = exportLine(tier);
  return Prisma.sql`
    SELECT ${columns === "line" ? Prisma.empty : Prisma.sql`n.id, `}${line} AS line
    FROM ngos n
    ${details}
    WHERE ${batchWhere(filters, tier, mark, after, end)}
    ORDER BY n.id`;
}
