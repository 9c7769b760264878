import { Prisma, queryRows } from "@/lib/db";
import type { ClaimedDelivery } from "./claim-deliveries";

/**
 * Hands a claimed delivery back, due at once, when its attempt was cut off before any answer (the
 * dispatcher is stopping): another dispatcher can take it now instead of waiting out the lease.
 * The attempt does not count — nothing was recorded for it and the receiver answered nothing —
 * so the retry schedule and the attempt numbers stay as if it had never started. Conditional on
 * the claim's lease token, like every update of a claimed delivery.
 */
export async function releaseClaim(claim: ClaimedDelivery): Promise<void> {
  await queryRows(Prisma.sql`
    UPDATE webhook_deliveries SET lease_token = NULL, attempts = attempts - 1, next_attempt_at = now(), updated_at = now()
    WHERE event_id = ${claim.event_id} AND endpoint_id = ${claim.endpoint_id} AND lease_token = ${claim.lease_token}
    RETURNING event_id`);
}
