import { randomUUID } from "node:crypto";
import { Prisma, queryRows } from "@/lib/db";

export type ClaimedDelivery = { event_id: string; endpoint_id: string; attempt: number; lease_token: string };

/**
 * Claims up to `limit` due deliveries for this dispatcher, in one statement shared by the
 * worker, the cron route and the prompt kick. FOR UPDATE SKIP LOCKED lets concurrent claimers
 * pass over each other's rows instead of waiting, and the claim moves next_attempt_at past the
 * lease: until then no other dispatcher sees the delivery as due, and if this one dies mid-attempt
 * the delivery simply becomes due again when the lease runs out — delayed, never lost.
 */
export async function claimDeliveries(limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const token = randomUUID();
  return queryRows<ClaimedDelivery>(Prisma.sql`
    WITH due AS (
      SELECT d.event_id, d.endpoint_id FROM webhook_deliveries d
      JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND e.enabled
      ORDER BY d.next_attempt_at
      LIMIT ${limit}::int
      FOR UPDATE OF d SKIP LOCKED
    )
    UPDATE webhook_deliveries d
    SET attempts = d.attempts + 1, lease_token = ${token},
        next_attempt_at = now() + ${leaseMs}::int * interval '1 millisecond', updated_at = now()
    FROM due WHERE d.event_id = due.event_id AND d.endpoint_id = due.endpoint_id
    RETURNING d.event_id, d.endpoint_id, d.attempts AS attempt, d.lease_token`);
}
