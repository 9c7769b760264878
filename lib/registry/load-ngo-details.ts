import { Prisma, queryRows } from "@/lib/db";
import { utcText, type NgoDetails, type StateChange, type TrustComponent } from "./ngo-record";
import { canSee, type NgoState, type Tier } from "@/lib/tiers";

const NONE: NgoDetails = { components: [], history: [] };

/**
 * Score components and state history for a page of entries: two queries however long the page
 * (no N+1). Only tiers that may see these fields pay for them.
 */
export async function loadNgoDetails(
  ids: string[],
  tier: Tier,
): Promise<(id: string) => NgoDetails> {
  if (ids.length === 0 || !canSee(tier, "trust")) return () => NONE;
  const [components, transitions] = await Promise.all([
    queryRows<TrustComponent & { ngo_id: string }>(Prisma.sql`
      SELECT ngo_id, component, score, weight, evidence_date::text AS evidence_date, source
      FROM trust_score_components WHERE ngo_id = ANY(${ids}::text[])
      ORDER BY ngo_id, weight DESC, component`),
    queryRows<{ ngo_id: string; from_state: NgoState | null; to_state: NgoState; actor: string; reason: string; at: string }>(Prisma.sql`
      SELECT ngo_id, from_state::text AS from_state, to_state::text AS to_state, actor, reason, ${utcText(Prisma.sql`created_at`)} AS at
      FROM ngo_state_transitions WHERE ngo_id = ANY(${ids}::text[])
      ORDER BY ngo_id, created_at, id`),
  ]);
  const byId = new Map<string, NgoDetails>();
  const detailsOf = (id: string) => {
    let details = byId.get(id);
    if (!details) byId.set(id, (details = { components: [], history: [] }));
    return details;
  };
  for (const { ngo_id, ...component } of components) detailsOf(ngo_id).components.push(component);
  for (const t of transitions) {
    const change: StateChange = { from: t.from_state, to: t.to_state, actor: t.actor, reason: t.reason, at: t.at };
    detailsOf(t.ngo_id).history.push(change);
  }
  return (id) => byId.get(id) ?? NONE;
}
