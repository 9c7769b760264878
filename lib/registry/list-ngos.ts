import { Prisma, queryRows } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { decodeCursor, encodeCursor, queryFingerprint, type CursorValue } from "./cursor";
import { loadNgoDetails } from "./load-ngo-details";
import { ngoColumns, toNgoEntry, type NgoRow } from "./ngo-record";
import { projectNgo, type ProjectedNgo } from "./project-ngo";
import { registryWhere, searchRelation } from "./registry-where";
import { searchVector } from "./search-vector";
import { PAGE_SIZE, type ListQuery, type SortParam } from "./schemas";
import type { Tier } from "@/lib/tiers";

export type NgoPage = { data: ProjectedNgo[]; next_cursor: string | null; limit: number };

type SortKey = {
  expression: Prisma.Sql;
  cast: Prisma.Sql;
  kind: "number" | "string" | "date";
  nullable?: boolean;
  read: (row: NgoRow & { rank?: number }) => CursorValue;
};

const SORT_KEYS: Record<string, SortKey> = {
  trust_score: { expression: Prisma.sql`n.trust_score`, cast: Prisma.sql`int`, kind: "number", read: (r) => r.trust_score },
  name: { expression: Prisma.sql`n.name`, cast: Prisma.sql`text`, kind: "string", read: (r) => r.name },
  verified_at: {
    expression: Prisma.sql`n.verified_at`,
    cast: Prisma.sql`timestamptz`,
    kind: "date",
    nullable: true,
    read: (r) => r.verified_at,
  },
};

/** Relevance ranks on the vector the tier searches: a field it may not see must not move an
 * entry up the order either. */
function rankBy(tier: Tier): Prisma.Sql {
  return Prisma.sql`ts_rank(${searchVector(tier)}, search.query)::float8`;
}

function sortKey(sort: SortParam, tier: Tier): SortKey {
  if (sort === "relevance") return { expression: rankBy(tier), cast: Prisma.sql`float8`, kind: "number", read: (r) => r.rank ?? 0 };
  return SORT_KEYS[sort.replace(/^-/, "")] as SortKey;
}

/**
 * One page of registry entries, ordered and filtered as asked, within what the tier may see.
 * Keyset pagination: the cursor names the last entry seen, so page 1,000 costs what page 1 does.
 */
export async function listNgos(query: ListQuery, tier: Tier): Promise<NgoPage> {
  const sort: SortParam = query.sort ?? (query.q !== undefined ? "relevance" : "-trust_score");
  if (sort === "relevance" && query.q === undefined) {
    throw ApiError.invalid([{ name: "sort", reason: "relevance needs a search (q)" }]);
  }
  const descending = sort.startsWith("-") || sort === "relevance";
  const key = sortKey(sort, tier);
  const limit = query.limit ?? PAGE_SIZE.default;
  const fingerprint = queryFingerprint([tier, sort, query.q, query.sector, query.state, query.country, query.min_trust_score]);

  const conditions = [registryWhere(query, tier)];
  if (query.cursor !== undefined) {
    const cursor = decodeCursor(query.cursor, fingerprint, key.kind);
    conditions.push(afterCursor(key, descending, cursor.value, cursor.id));
  }
  const direction = descending ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  const rows = await queryRows<NgoRow & { rank?: number }>(Prisma.sql`
    SELECT ${ngoColumns(tier)}${query.q !== undefined ? Prisma.sql`, ${rankBy(tier)} AS rank` : Prisma.empty}
    FROM ngos n${searchRelation(query.q)}
    WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY ${key.expression} ${direction}, n.id ${direction}
    LIMIT ${limit + 1}::int`);

  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const details = await loadNgoDetails(page.map((r) => r.id), tier);
  return {
    data: page.map((row) => projectNgo(toNgoEntry(row, details(row.id)), tier)),
    next_cursor: rows.length > limit && last ? encodeCursor({ value: key.read(last), id: last.id }, fingerprint) : null,
    limit,
  };
}

/** Entries strictly after (value, id) in the page order. NULLs sort last ascending and first
 * descending, PostgreSQL's default, so one index serves both directions. */
function afterCursor(key: SortKey, descending: boolean, value: CursorValue, id: string): Prisma.Sql {
  const column = key.expression;
  const op = descending ? Prisma.sql`<` : Prisma.sql`>`;
  if (value === null) {
    return descending
      ? Prisma.sql`((${column} IS NULL AND n.id < ${id}) OR ${column} IS NOT NULL)`
      : Prisma.sql`(${column} IS NULL AND n.id > ${id})`;
  }
  const after = Prisma.sql`(${column}, n.id) ${op} (${value}::${key.cast}, ${id}::text)`;
  return descending || !key.nullable ? after : Prisma.sql`(${after} OR ${column} IS NULL)`;
}
