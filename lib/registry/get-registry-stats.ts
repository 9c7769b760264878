import { Prisma, queryRows } from "@/lib/db";
import { memoizeWithTtl } from "@/lib/cache/memoize-with-ttl";
import { processWide } from "@/lib/process-wide";
import { registryWhere, searchRelation } from "./registry-where";
import type { RegistryStats } from "./response-schemas";
import type { RegistryFilters } from "./schemas";
import type { NgoState, Tier } from "@/lib/tiers";

type Row = {
  state: string | null;
  sector: string | null;
  country: string | null;
  bucket: number | null;
  grouping: number;
  count: number;
  average: number | null;
};

/**
 * Statistics of the entries that match the filters, counting only what the tier may see.
 * Without `q` they come from the maintained aggregates, exact and in milliseconds, so they are
 * not cached. A search must find its entries first (one scan of every match, 70 ms at 100,000
 * entries when it matches most of them), so an answer with `q` is kept for 30 seconds per
 * process (one cache for REST and GraphQL).
 */
export function getRegistryStats(filters: RegistryFilters, tier: Tier): Promise<RegistryStats> {
  if (filters.q === undefined) return computeRegistryStats(filters, tier);
  return processWide("registry-stats", () =>
    memoizeWithTtl(computeRegistryStats, {
      ttlMs: 30_000,
      maxEntries: 500,
      key: (f: RegistryFilters, t: Tier) => JSON.stringify([t, f.q, f.sector, f.state, f.country, f.min_trust_score]),
    }),
  )(filters, tier);
}

/**
 * The statistics, computed now: from the aggregates, or with `q` from the matching entries.
 * `recount` reads the entries also without `q`: the answer the aggregates must equal (tests, bench).
 */
export async function computeRegistryStats(filters: RegistryFilters, tier: Tier, { recount = false } = {}): Promise<RegistryStats> {
  const fromTheEntries = recount || filters.q !== undefined;
  const rows = await queryRows<Row>(fromTheEntries ? fromEntries(filters, tier) : fromAggregates(filters, tier));

  const of = (mask: number) => rows.filter((r) => r.grouping === mask);
  const round = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
  // Largest first, ties by name, so equal data always gives byte-equal answers (and ETags).
  const byCount = (a: { count: number; key: string }, b: { count: number; key: string }) =>
    b.count - a.count || (a.key < b.key ? -1 : 1);
  const total = of(0b1111)[0];
  const buckets = new Map(of(0b1110).map((r) => [r.bucket, r.count]));
  return {
    total: total?.count ?? 0,
    average_trust_score: round(total?.average ?? null),
    by_state: of(0b0111)
      .map((r) => ({ key: r.state as NgoState, count: r.count }))
      .sort(byCount)
      .map(({ key, count }) => ({ state: key, count })),
    by_sector: of(0b1011)
      .map((r) => ({ key: r.sector as string, count: r.count, average: round(r.average) as number }))
      .sort(byCount)
      .map(({ key, count, average }) => ({ sector: key, count, average_trust_score: average })),
    by_country: of(0b1101)
      .map((r) => ({ key: r.country as string, count: r.count, average: round(r.average) as number }))
      .sort(byCount)
      .map(({ key, count, average }) => ({ country: key, count, average_trust_score: average })),
    trust_score_histogram: Array.from({ length: 10 }, (_, i) => ({
      min: i * 10,
      max: i === 9 ? 100 : i * 10 + 9,
      count: buckets.get(i) ?? 0,
    })),
  };
}

// Both queries compute the total and every breakdown together with GROUPING SETS; the GROUPING()
// bitmask says which breakdown a row belongs to (a bit is 1 for a column not grouped).
const BREAKDOWNS = Prisma.sql`GROUPING(n.state, n.sector_id, n.country, n.bucket)::int AS grouping
  FROM parts n GROUP BY GROUPING SETS ((), (n.state), (n.sector_id), (n.country), (n.bucket))`;

/** With `q`: one scan of the matching entries (the search index finds them, the covering index without `q`). */
function fromEntries(filters: RegistryFilters, tier: Tier): Prisma.Sql {
  return Prisma.sql`
    WITH parts AS (
      SELECT n.state, n.sector_id, n.country, LEAST(n.trust_score / 10, 9) AS bucket, n.trust_score
      FROM ngos n${searchRelation(filters.q)}
      WHERE ${registryWhere(filters, tier)}
    )
    SELECT n.state::text AS state, n.sector_id AS sector, n.country::text AS country, n.bucket,
           count(*)::int AS count, avg(n.trust_score)::float8 AS average, ${BREAKDOWNS}`;
}

/**
 * Without `q`: the aggregates (migration registry_stats_aggregates). Whole tenths of the score
 * come from ngo_stat_buckets; when min_trust_score cuts a tenth, that tenth's scores from
 * ngo_stats; and the changes not yet folded from ngo_stat_deltas. The average divides the score
 * sum by the count in numeric, as avg() does, so answers are the scan's to the last digit.
 */
function fromAggregates(filters: RegistryFilters, tier: Tier): Prisma.Sql {
  const where = registryWhere({ state: filters.state, sector: filters.sector, country: filters.country }, tier);
  const min = filters.min_trust_score ?? 0;
  const wholeFrom = min <= 90 ? Math.ceil(min / 10) : 10;
  const cut = min % 10 !== 0 || min > 90;
  // The cut tenth's scores, from min to its top (the last tenth holds 100 too): a range the index
  // on trust_score reads directly.
  const cutTop = wholeFrom === 10 ? 100 : wholeFrom * 10 - 1;
  const bucketOf = Prisma.sql`LEAST(n.trust_score / 10, 9)`;
  return Prisma.sql`
    WITH parts AS (
      SELECT n.state, n.sector_id, n.country, n.bucket, n.count, n.score_sum
      FROM ngo_stat_buckets n WHERE ${where} AND n.bucket >= ${wholeFrom}::int
      ${cut ? Prisma.sql`UNION ALL
      SELECT n.state, n.sector_id, n.country, ${bucketOf}, n.count, n.count::bigint * n.trust_score
      FROM ngo_stats n WHERE ${where} AND n.trust_score BETWEEN ${min}::int AND ${cutTop}::int` : Prisma.empty}
      UNION ALL
      SELECT n.state, n.sector_id, n.country, ${bucketOf}, n.count, n.count::bigint * n.trust_score
      FROM ngo_stat_deltas n WHERE ${where} AND n.trust_score >= ${min}::int
    )
    SELECT n.state::text AS state, n.sector_id AS sector, n.country::text AS country, n.bucket,
           sum(n.count)::int AS count, (sum(n.score_sum) / NULLIF(sum(n.count), 0))::float8 AS average, ${BREAKDOWNS}
    HAVING sum(n.count) > 0`;
}
