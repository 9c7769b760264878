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

async function computeStateTimeline(): Promise<StatePoint[]> {
  const states = [...PUBLIC_STATES];
  const rows = await queryRows<{ month: string; state: string; count: number }>(Prisma.sql`
    WITH months AS (
      SELECT generate_series(date_trunc('month', now() AT TIME ZONE 'UTC') - make_interval(months => ${MONTHS - 1}::int),
                             date_trunc('month', now() AT TIME ZONE 'UTC'), interval '1 month') AS month
    )
    SELECT to_char(m.month, 'YYYY-MM') AS month, s.to_state::text AS state, count(*)::int AS count
    FROM months m CROSS JOIN LATERAL (
      SELECT DISTINCT ON (t.ngo_id) t.to_state
      FROM ngo_state_transitions t JOIN ngos n ON n.id = t.ngo_id AND n.state = ANY(${states}::ngo_state[])
      WHERE t.created_at < (m.month + interval '1 month') AT TIME ZONE 'UTC'
      ORDER BY t.ngo_id, t.created_at DESC, t.id DESC
    ) s
    WHERE s.to_state = ANY(${states}::ngo_state[])
    GROUP BY m.month, s.to_state ORDER BY m.month`);
  const byMonth = new Map<string, StatePoint>();
  for (const row of rows) {
    const point = byMonth.get(row.month) ?? { month: row.month, verified: 0, suspended: 0, revoked: 0 };
    point[row.state as (typeof PUBLIC_STATES)[number]] = row.count;
    byMonth.set(row.month, point);
  }
  return [...byMonth.values()];
}
