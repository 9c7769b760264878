import { randomUUID } from "node:crypto";
import { Prisma, queryRows } from "@/lib/db";

export type ClaimedDelivery = { event_id: string; endpoint_id: string; attempt: number; lease_token: string };

export type ClaimLimits = {
  /** Deliveries to claim at most, over all endpoints. */
  total: number;
  /** Deliveries one endpoint may have in flight in this process. */
  perEndpoint: number;
  /** What this process already has in flight, by endpoint id. */
  inFlight: ReadonlyMap<string, number>;
};

/**
 * Claims due deliveries for this dispatcher, in one statement shared by the worker, the cron route
 * and the prompt kick: oldest due first, at most `perEndpoint` in flight per endpoint (endpoints
 * already at that cap in this process are skipped), so a slow endpoint can never take every slot.
 * It walks the enabled endpoints and takes each one's oldest due deliveries through the
 * (endpoint_id, status, next_attempt_at) index, so the backlog that a disabled endpoint queues
 * costs a claim nothing. FOR UPDATE SKIP LOCKED lets concurrent claimers pass over each other's
 * rows instead of waiting, and the claim moves next_attempt_at past the lease: until then no other
 * dispatcher sees the delivery as due, and if this one dies mid-attempt the delivery simply becomes
 * due again when the lease runs out — delayed, never lost.
 */
export async function claimDeliveries({ total, perEndpoint, inFlight }: ClaimLimits, leaseMs: number): Promise<ClaimedDelivery[]> {
  const token = randomUUID();
  return queryRows<ClaimedDelivery>(Prisma.sql`
    WITH busy AS (
      SELECT * FROM unnest(${[...inFlight.keys()]}::text[], ${[...inFlight.values()]}::int[]) AS b(endpoint_id, n)
    ),
    due AS (
      SELECT x.event_id, x.endpoint_id FROM webhook_endpoints e
      LEFT JOIN busy ON busy.endpoint_id = e.id
      CROSS JOIN LATERAL (
        SELECT d.event_id, d.endpoint_id, d.next_attempt_at FROM webhook_deliveries d
        WHERE d.endpoint_id = e.id AND d.status = 'pending' AND d.next_attempt_at <= now()
        ORDER BY d.next_attempt_at
        LIMIT ${perEndpoint}::int - coalesce(busy.n, 0)
        FOR UPDATE OF d SKIP LOCKED
      ) x
      WHERE e.enabled AND coalesce(busy.n, 0) < ${perEndpoint}::int
      ORDER BY x.next_attempt_at
      LIMIT ${total}::int
    )
    UPDATE webhook_deliveries d
    SET attempts = d.attempts + 1, lease_token = ${token},
        next_attempt_at = now() + ${leaseMs}::int * interval '1 millisecond', updated_at = now()
    FROM due WHERE d.event_id = due.event_id AND d.endpoint_id = due.endpoint_id
    RETURNING d.event_id, d.endpoint_id, d.attempts AS attempt, d.lease_token`);
}
