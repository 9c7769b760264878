// The outbox's one writer. Call it inside the transaction that makes the change, so the event
// exists if and only if the change does: a rolled-back change leaves no event, and no committed
// change goes unreported (DESIGN.md §6).
import { Prisma } from "@/lib/db";
import { eventId } from "./random-id";
import { WEBHOOK_API_VERSION, type EventData, type EventType, type WebhookEventPayload } from "./event-types";

/**
 * Records one event and queues it for every enabled endpoint that subscribes to its type, in
 * the caller's transaction. The delivery rows are the dispatchers' work queue: an endpoint
 * created later does not receive events from before it existed.
 */
export async function recordEvent<T extends EventType>(
  tx: Prisma.TransactionClient,
  { type, data }: { type: T; data: EventData[T] },
): Promise<WebhookEventPayload<T>> {
  const createdAt = new Date();
  const id = eventId(createdAt.getTime());
  await tx.webhookEvent.create({
    data: { id, type, apiVersion: WEBHOOK_API_VERSION, data: data as Prisma.InputJsonValue, createdAt },
  });
  await tx.$executeRaw`
    INSERT INTO webhook_deliveries (event_id, endpoint_id, next_attempt_at, created_at, updated_at)
    SELECT ${id}, e.id, ${createdAt}, ${createdAt}, ${createdAt} FROM webhook_endpoints e
    WHERE e.enabled AND (cardinality(e.event_types) = 0 OR ${type}::text = ANY(e.event_types))`;
  return { id, type, created_at: createdAt.toISOString(), api_version: WEBHOOK_API_VERSION, data };
}
