import { Prisma, queryRows } from "@/lib/db";
import type { SqlRunner } from "@/lib/db/sql-runner";

/**
 * One aggregate that disagrees with a recount of the entries: by exact score, or by tenth of it,
 * or the state timeline's net change in a month (YYYY-MM); or an entry whose details' JSON
 * differs from a fresh rendering of its components and history (its count: the JSON's length in
 * characters, 0 where it has no row).
 */
export type StatsDifference = {
  table: "ngo_stats" | "ngo_stat_buckets" | "ngo_state_months" | "ngo_details_json";
  key: { state: string; sector?: string; country?: string; trust_score?: number; bucket?: number; month?: string; ngo_id?: string };
  expected: { count: number; score_sum?: number };
  found: { count: number; score_sum?: number };
};

type Row = {
  table: "ngo_stats" | "ngo_stat_buckets";
  state: string;
  sector: string;
  country: string;
  value: number;
  expected_count: number;
  found_count: number;
  expected_sum: string | null;
  found_sum: string | null;
};

/**
 * Recounts the entries and compares the recount with both aggregates as a reader sees them (the
 * totals plus the changes not yet folded), in one statement and so under one snapshot: writers
 * may go on meanwhile, and what they have not committed is in neither side; then the state
 * timeline's aggregate with a replay of the history, the same way; then the details' JSON with a
 * fresh rendering. An empty list means the statistics are exact.
 */
export async function verifyRegistryStats(run: SqlRunner = queryRows): Promise<StatsDifference[]> {
  return [...(await verifyCounts(run)), ...(await verifyStateMonths(run)), ...(await verifyDetailsJson(run))];
}

/** Entries whose details' JSON (migration 20261128200000_details_json) is not what their rows render to. */
async function verifyDetailsJson(queryRows: SqlRunner): Promise<StatsDifference[]> {
  // The entry's state read for the differing rows only: the view has already read every entry.
  const rows = await queryRows<{ ngo_id: string; state: string; expected: number; found: number }>(Prisma.sql`
    SELECT s.ngo_id, (SELECT n.state::text FROM ngos n WHERE n.id = s.ngo_id) AS state,
           length(s.components) + length(s.state_history) AS expected,
           coalesce(length(d.components) + length(d.state_history), 0) AS found
    FROM ngo_details_json_source s
    LEFT JOIN ngo_details_json d ON d.ngo_id = s.ngo_id
    WHERE (s.components, s.state_history) IS DISTINCT FROM (coalesce(d.components, ''), coalesce(d.state_history, ''))
    ORDER BY 1`);
  return rows.map((r) => ({ table: "ngo_details_json", key: { state: r.state, ngo_id: r.ngo_id }, expected: { count: r.expected }, found: { count: r.found } }));
}

async function verifyStateMonths(queryRows: SqlRunner): Promise<StatsDifference[]> {
  const rows = await queryRows<{ month: string; state: string; expected: number; found: number }>(Prisma.sql`
    WITH expected AS (
      SELECT month, state, count FROM ngo_state_months_replay()
    ), found AS (
      SELECT month, state, sum(count)::int AS count FROM (
        SELECT month, state, count FROM ngo_state_months
        UNION ALL
        SELECT month, state, count FROM ngo_state_month_deltas
      ) AS m GROUP BY 1, 2
    )
    SELECT to_char(month, 'YYYY-MM') AS month, state::text AS state, coalesce(e.count, 0) AS expected, coalesce(f.count, 0) AS found
    FROM expected e FULL JOIN found f USING (month, state)
    WHERE coalesce(e.count, 0) <> coalesce(f.count, 0)
    ORDER BY 1, 2`);
  return rows.map((r) => ({ table: "ngo_state_months", key: { state: r.state, month: r.month }, expected: { count: r.expected }, found: { count: r.found } }));
}

async function verifyCounts(queryRows: SqlRunner): Promise<StatsDifference[]> {
  const rows = await queryRows<Row>(Prisma.sql`
    WITH expected AS (
      SELECT state, sector_id, country, trust_score, count(*)::int AS count FROM ngos GROUP BY 1, 2, 3, 4
    ), found AS (
      SELECT state, sector_id, country, trust_score, sum(count)::int AS count FROM (
        SELECT state, sector_id, country, trust_score, count FROM ngo_stats
        UNION ALL
        SELECT state, sector_id, country, trust_score, count FROM ngo_stat_deltas
      ) AS s GROUP BY 1, 2, 3, 4
    ), expected_buckets AS (
      SELECT state, sector_id, country, LEAST(trust_score / 10, 9) AS bucket, sum(count)::int AS count,
             sum(count::bigint * trust_score) AS score_sum
      FROM expected GROUP BY 1, 2, 3, 4
    ), found_buckets AS (
      SELECT state, sector_id, country, bucket, sum(count)::int AS count, sum(score_sum) AS score_sum FROM (
        SELECT state, sector_id, country, bucket, count, score_sum FROM ngo_stat_buckets
        UNION ALL
        SELECT state, sector_id, country, LEAST(trust_score / 10, 9), count, count::bigint * trust_score FROM ngo_stat_deltas
      ) AS s GROUP BY 1, 2, 3, 4
    )
    SELECT 'ngo_stats' AS "table", state::text AS state, sector_id AS sector, country::text AS country, trust_score AS value,
           coalesce(e.count, 0) AS expected_count, coalesce(f.count, 0) AS found_count,
           NULL::text AS expected_sum, NULL::text AS found_sum
    FROM expected e FULL JOIN found f USING (state, sector_id, country, trust_score)
    WHERE coalesce(e.count, 0) <> coalesce(f.count, 0)
    UNION ALL
    SELECT 'ngo_stat_buckets', state::text, sector_id, country::text, bucket,
           coalesce(e.count, 0), coalesce(f.count, 0), coalesce(e.score_sum, 0)::text, coalesce(f.score_sum, 0)::text
    FROM expected_buckets e FULL JOIN found_buckets f USING (state, sector_id, country, bucket)
    WHERE coalesce(e.count, 0) <> coalesce(f.count, 0) OR coalesce(e.score_sum, 0) <> coalesce(f.score_sum, 0)
    ORDER BY 1, 2, 3, 4, 5`);
  return rows.map((r) => {
    const byScore = r.table === "ngo_stats";
    const key = { state: r.state, sector: r.sector, country: r.country, ...(byScore ? { trust_score: r.value } : { bucket: r.value }) };
    const side = (count: number, sum: string | null) => (byScore ? { count } : { count, score_sum: Number(sum) });
    return { table: r.table, key, expected: side(r.expected_count, r.expected_sum), found: side(r.found_count, r.found_sum) };
  });
}
