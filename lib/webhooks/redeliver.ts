import { Prisma, queryRows } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { sqlState } from "@/lib/errors/sql-state";
import { invalidInput } from "@/lib/errors/invalid-input";
import { redeliverSchema } from "./event-schemas";
import { endpointNotFound } from "./endpoint-not-found";
import { getWebhookEndpointOrThrow } from "./get-webhook-endpoint";

/** At most this many events are queued again by one request: a larger backlog takes several, each `since` the last. */
export const MAX_REDELIVERY = 10_000;

/**
 * Queues events for one endpoint again: one event by id, or every event since a time that the
 * endpoint subscribes to. A queued delivery starts its retry schedule afresh; one that is being
 * attempted right now is left to finish, so one event never goes to one endpoint twice at once.
 * An endpoint deleted meanwhile is a 404 (its deliveries' foreign key refuses the insert).
 */
export async function redeliver(endpointId: string, body: unknown): Promise<{ queued: number }> {
  const parsed = redeliverSchema.safeParse(body);
  if (!parsed.success) throw invalidInput(parsed.error);
  const endpoint = await getWebhookEndpointOrThrow(endpointId);
  const { event_id, since } = parsed.data;
  const which = event_id
    ? Prisma.sql`v.id = ${event_id}`
    : Prisma.sql`v.created_at >= ${new Date(since!)} AND (cardinality(${endpoint.eventTypes}::text[]) = 0 OR v.type = ANY(${endpoint.eventTypes}::text[]))`;
  const rows = await queryRows<{ event_id: string }>(Prisma.sql`
    INSERT INTO webhook_deliveries (event_id, endpoint_id)
    SELECT v.id, ${endpointId} FROM webhook_events v WHERE ${which} ORDER BY v.created_at, v.id LIMIT ${MAX_REDELIVERY}::int
    ON CONFLICT (event_id, endpoint_id) DO UPDATE
      SET status = 'pending', attempts = 0, next_attempt_at = now(), lease_token = NULL, updated_at = now()
      WHERE webhook_deliveries.lease_token IS NULL OR webhook_deliveries.next_attempt_at <= now()
    RETURNING event_id`).catch((error: unknown) => {
    throw sqlState(error) === "23503" ? endpointNotFound(endpointId) : error;
  });
  if (event_id && rows.length === 0) {
    const exists = await queryRows(Prisma.sql`SELECT 1 FROM webhook_events WHERE id = ${event_id}`);
    if (!exists.length) throw new ApiError("not_found", `No event has the id '${event_id}'.`);
  }
  return { queued: rows.length };
}
