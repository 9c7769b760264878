import { Prisma } from "@/lib/db";
import type { SqlRunner } from "@/lib/db/sql-runner";
import type { NgoState } from "@/lib/tiers";

/** One row of the state timeline's aggregate (ngo_state_months): a month's first day (YYYY-MM-DD), a public state, a net count. */
export type StateMonth = { month: string; state: NgoState; count: number };

/**
 * Replaces the statistics' aggregates with a recount of the entries, and the state timeline's
 * with a replay of their history, deltas not yet folded included: the totals are then exactly
 * what `db verify-stats` recounts. The caller holds the entries still (a SHARE lock, or a bulk
 * load's exclusive one), so no change falls between the recount and the new totals; and no fold
 * (the triggers' move of deltas into totals, under advisory locks 72190021 and 72190022, see the
 * migrations registry_stats_aggregates and state_timeline_aggregates) runs while they are replaced.
 * A bulk load that counted the state timeline itself passes its rows as `stateMonths` instead,
 * which may name a month and state more than once (the load's count and a replay of the entries
 * it kept): they are added up.
 */
export async function recountRegistryAggregates(run: SqlRunner, { stateMonths }: { stateMonths?: readonly StateMonth[] } = {}): Promise<void> {
  await run(Prisma.sql`SELECT pg_advisory_xact_lock(72190021)::text, pg_advisory_xact_lock(72190022)::text`);
  await run(Prisma.sql`DELETE FROM ngo_stat_deltas`);
  await run(Prisma.sql`DELETE FROM ngo_stats`);
  await run(Prisma.sql`DELETE FROM ngo_stat_buckets`);
  await run(Prisma.sql`
    INSERT INTO ngo_stats (state, sector_id, country, trust_score, count)
    SELECT state, sector_id, country, trust_score, count(*) FROM ngos GROUP BY 1, 2, 3, 4`);
  await run(Prisma.sql`
    INSERT INTO ngo_stat_buckets (state, sector_id, country, bucket, count, score_sum)
    SELECT state, sector_id, country, LEAST(trust_score / 10, 9), sum(count), sum(count::bigint * trust_score)
    FROM ngo_stats GROUP BY 1, 2, 3, 4`);
  await run(Prisma.sql`DELETE FROM ngo_state_month_deltas`);
  await run(Prisma.sql`DELETE FROM ngo_state_months`);
  if (!stateMonths) {
    await run(Prisma.sql`INSERT INTO ngo_state_months (month, state, count) SELECT month, state, count FROM ngo_state_months_replay()`);
    return;
  }
  await run(Prisma.sql`
    INSERT INTO ngo_state_months (month, state, count)
    SELECT month, state, sum(count)::int
    FROM unnest(${stateMonths.map((r) => r.month)}::date[], ${stateMonths.map((r) => r.state)}::ngo_state[], ${stateMonths.map((r) => r.count)}::int[]) AS m (month, state, count)
    GROUP BY 1, 2 HAVING sum(count) <> 0`);
}

/** The state timeline's rows as a replay of the whole history makes them. */
export async function replayStateMonths(run: SqlRunner): Promise<StateMonth[]> {
  return run<StateMonth>(Prisma.sql`SELECT to_char(month, 'YYYY-MM-DD') AS month, state::text AS state, count FROM ngo_state_months_replay()`);
}

/**
 * Writes the details' JSON again where it differs from a fresh rendering (db verify-stats
 * --repair). The caller holds the entries still, as for the recount: their components and
 * history change only with a write that locks them.
 */
export async function rerenderDetailsJson(run: SqlRunner): Promise<void> {
  await run(Prisma.sql`
    DELETE FROM ngo_details_json d
    WHERE NOT EXISTS (SELECT 1 FROM ngo_details_json_source s WHERE s.ngo_id = d.ngo_id AND (s.components, s.state_history) = (d.components, d.state_history))`);
  await writeMissingDetailsJson(run);
}

/** Writes the details' JSON of every entry that has components or history and no row. */
export async function writeMissingDetailsJson(run: SqlRunner): Promise<void> {
  await run(Prisma.sql`
    INSERT INTO ngo_details_json (ngo_id, components, state_history)
    SELECT s.ngo_id, s.components, s.state_history FROM ngo_details_json_source s
    WHERE (s.components <> '' OR s.state_history <> '') AND NOT EXISTS (SELECT 1 FROM ngo_details_json d WHERE d.ngo_id = s.ngo_id)`);
}
