import { Prisma, queryRows } from "@/lib/db";
import { PUBLIC_STATES } from "@/lib/tiers";

export type StatePoint = { month: string; verified: number; suspended: number; revoked: number };

const MONTHS = 12;

/**
 * How many entries stood in each public state at the end of each of the last twelve months.
 * Only entries public today are counted, and only their public states, so the chart says nothing
 * about drafts or entries under review. Read from the aggregate the history's trigger keeps
 * (ngo_state_months, plus the changes not yet folded): a few hundred rows however long the history,
 * so exact at every request.
 */
export async function getStateTimeline(): Promise<StatePoint[]> {
  const months = lastMonths();
  // Months before the window are summed into its first: the count at its end starts from them.
  const rows = await queryRows<{ month: string; state: string; delta: number }>(Prisma.sql`
    SELECT to_char(greatest(month, ${`${months[0]}-01`}::date), 'YYYY-MM') AS month, state::text AS state, sum(count)::int AS delta
    FROM (SELECT month, state, count FROM ngo_state_months UNION ALL SELECT month, state, count FROM ngo_state_month_deltas) AS m
    GROUP BY 1, 2`);
  const deltas = new Map(rows.map((r) => [`${r.month} ${r.state}`, r.delta]));
  const running = { verified: 0, suspended: 0, revoked: 0 };
  return months.map((month) => {
    for (const state of PUBLIC_STATES) running[state] += deltas.get(`${month} ${state}`) ?? 0;
    return { month, ...running };
  });
}

/** The last MONTHS months as YYYY-MM, oldest first. */
function lastMonths(now = new Date()): string[] {
  return Array.from({ length: MONTHS }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}
