import { Prisma, queryRows } from "@/lib/db";
import { memoizeWithTtl } from "@/lib/cache/memoize-with-ttl";
import { processWide } from "@/lib/process-wide";
import { PUBLIC_STATES } from "@/lib/tiers";

export type StatePoint = { month: string; verified: number; suspended: number; revoked: number };

const MONTHS = 12;

/**
 * How many entries stood in each public state at the end of each of the last twelve months,
 * replayed from the transition history. Only entries public today are counted, and only their
 * public states, so the chart says nothing about drafts or entries under review. Kept five
 * minutes per process: it replays the whole history.
 */
export function getStateTimeline(): Promise<StatePoint[]> {
  return processWide("state-timeline", () =>
    memoizeWithTtl(computeStateTimeline, { ttlMs: 300_000, maxEntries: 1, key: () => "all" }),
  )();
}

/** The last MONTHS months as YYYY-MM, oldest first. */
function lastMonths(now = new Date()): string[] {
  return Array.from({ length: MONTHS }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

// One pass over the history: each stay in a state is +1 in the month it began and -1 in the month
// it ended (stays before the window count from its first month); a running sum per state then
// gives each month's count. A lateral replay per month took seconds at 100,000 entries.
async function computeStateTimeline(): Promise<StatePoint[]> {
  const states = [...PUBLIC_STATES];
  const months = lastMonths();
  const rows = await queryRows<{ month: string; state: string; delta: number }>(Prisma.sql`
    WITH stays AS (
      SELECT t.to_state, t.created_at AS began,
             lead(t.created_at) OVER (PARTITION BY t.ngo_id ORDER BY t.created_at, t.id) AS ended
      FROM ngo_state_transitions t JOIN ngos n ON n.id = t.ngo_id AND n.state = ANY(${states}::ngo_state[])
    ), changes AS (
      SELECT to_state, began AS at, 1 AS delta FROM stays WHERE to_state = ANY(${states}::ngo_state[])
      UNION ALL
      SELECT to_state, ended, -1 FROM stays WHERE to_state = ANY(${states}::ngo_state[]) AND ended IS NOT NULL
    )
    SELECT to_char(greatest(date_trunc('month', at AT TIME ZONE 'UTC'), ${`${months[0]}-01`}::timestamp), 'YYYY-MM') AS month,
           to_state::text AS state, sum(delta)::int AS delta
    FROM changes GROUP BY 1, 2`);
  const deltas = new Map(rows.map((r) => [`${r.month} ${r.state}`, r.delta]));
  const running = { verified: 0, suspended: 0, revoked: 0 };
  return months.map((month) => {
    for (const state of PUBLIC_STATES) running[state] += deltas.get(`${month} ${state}`) ?? 0;
    return { month, ...running };
  });
}
