import { Prisma, queryRows } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { decodeCursor, encodeCursor, queryFingerprint, type CursorValue } from "./cursor";
import { ngoColumns, type NgoRow } from "./ngo-record";
import type { ProjectedNgo } from "./project-ngo";
import { projectNgoRows } from "./project-ngo-rows";
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
 * How many matches of a search are ranked for `sort=relevance`: the most trusted ones. Ranking
 * reads every row it ranks, and a very common word matches most of the registry (a million rows
 * at national scale); ranking the 1,000 entries with the highest trust scores keeps one page of
 * any search within a few milliseconds, and where fewer match, every match is ranked, as before.
 * Walking the trust-score index and testing each entry against the search, PostgreSQL stops at
 * the 1,000th match: bounded whatever the word.
 */
export const RANKED_MATCHES = 1_000;

/**
 * The trust score from which a search first looks for its RANKED_MATCHES (listNgosStatement): the
 * entries at or above it have search indexes of their own (migration 20261128120000_search_top_band,
 * whose predicates must say the same number). An eighth of the sample registry, where a word that
 * 1,000 of them share is common enough that reading all its matches would cost most.
 */
export const SEARCH_TOP_BAND = 90;

/** fingerprint binds cursors to the query: a hash, taken only where a cursor is read or made. */
export type ListStatement = { statement: Prisma.Sql; limit: number; key: SortKey; fingerprint: () => string };

/**
 * The statement of one page of registry entries, ordered and filtered as asked, within what the
 * tier may see (its own function so that tests can EXPLAIN every combination). Keyset pagination:
 * the cursor names the last entry seen, so page 1,000 costs what page 1 does.
 */
export function listNgosStatement(query: ListQuery, tier: Tier): ListStatement {
  const sort: SortParam = query.sort ?? (query.q !== undefined ? "relevance" : "-trust_score");
  if (sort === "relevance" && query.q === undefined) {
    throw ApiError.invalid([{ name: "sort", reason: "relevance needs a search (q)" }]);
  }
  const descending = sort.startsWith("-") || sort === "relevance";
  const key = sortKey(sort, tier);
  const limit = query.limit ?? PAGE_SIZE.default;
  // A page asked for by cursor reads one and may seal the next: the hash is taken once.
  let print: string | undefined;
  const fingerprint = () => (print ??= queryFingerprint([tier, sort, query.q, query.sector, query.state, query.country, query.min_trust_score]));

  const after: Prisma.Sql[] = [];
  if (query.cursor !== undefined) {
    const cursor = decodeCursor(query.cursor, fingerprint(), key.kind);
    after.push(afterCursor(key, descending, cursor.value, cursor.id));
  }
  const direction = descending ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  const rank = query.q !== undefined ? Prisma.sql`, ${rankBy(tier)} AS rank` : Prisma.empty;
  const page = (from: Prisma.Sql, where: Prisma.Sql[], columns: Prisma.Sql) => Prisma.sql`
    SELECT ${columns}
    FROM ${from}
    ${where.length ? Prisma.sql`WHERE ${Prisma.join(where, " AND ")}` : Prisma.empty}
    ORDER BY ${key.expression} ${direction}, n.id ${direction}
    LIMIT ${limit + 1}::int`;
  const columns = Prisma.sql`${ngoColumns(tier)}${rank}`;
  if (sort !== "relevance") {
    return { statement: page(Prisma.sql`ngos n${searchRelation(query.q)}`, [registryWhere(query, tier), ...after], columns), limit, key, fingerprint };
  }
  // Ranked: the RANKED_MATCHES most trusted matches, each with only its id and the vector it is
  // ranked on; the page's ids among them by rank; then those entries, by primary key. The inner
  // order is total (id breaks ties), so every page of one search ranks the same set. Reading every
  // match is the search's cost: carrying whole rows through the two orders as well cost a fifth
  // more at 2,000,000 entries (docs/benchmarks.md). So the matches in the top band are read
  // first, through its own index: when they are RANKED_MATCHES or more, they are the most trusted
  // (every other match scores less), and the others are never read.
  const matches = (condition: Prisma.Sql) => Prisma.sql`
    SELECT n.id, ${searchVector(tier)} FROM ngos n${searchRelation(query.q)} WHERE ${registryWhere(query, tier)} AND ${condition}
    ORDER BY n.trust_score DESC, n.id DESC LIMIT ${RANKED_MATCHES}::int`;
  const ranked = Prisma.sql`(
    WITH band AS MATERIALIZED (${matches(Prisma.raw(`n.trust_score >= ${SEARCH_TOP_BAND}`))})
    SELECT * FROM band WHERE (SELECT count(*) FROM band) = ${RANKED_MATCHES}::int
    UNION ALL
    (${matches(Prisma.sql`(SELECT count(*) FROM band) < ${RANKED_MATCHES}::int`)})
  ) n${searchRelation(query.q)}`;
  const pageIds = Prisma.sql`n.id = ANY(ARRAY(${page(ranked, after, Prisma.sql`n.id`)}))`;
  return { statement: page(Prisma.sql`ngos n${searchRelation(query.q)}`, [pageIds], columns), limit, key, fingerprint };
}

/** One page of registry entries (listNgosStatement), with each entry's details, as the tier sees it. */
export async function listNgos(query: ListQuery, tier: Tier): Promise<NgoPage> {
  const { data, limit, nextCursor } = await readPage(query, tier);
  return { data, next_cursor: nextCursor(), limit };
}

/**
 * The entries of listNgos's page alone, for a caller that offers no next page (GraphQL's ngos):
 * sealing the cursor to the next page (an HMAC and AES-GCM) costs more than reading the rows.
 */
export async function listNgoEntries(query: ListQuery, tier: Tier): Promise<ProjectedNgo[]> {
  return (await readPage(query, tier)).data;
}

async function readPage(query: ListQuery, tier: Tier): Promise<{ data: ProjectedNgo[]; limit: number; nextCursor: () => string | null }> {
  const { statement, limit, key, fingerprint } = listNgosStatement(query, tier);
  const rows = await queryRows<NgoRow & { rank?: number }>(statement);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: await projectNgoRows(page, tier),
    nextCursor: () => (rows.length > limit && last ? encodeCursor({ value: key.read(last), id: last.id }, fingerprint()) : null),
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
