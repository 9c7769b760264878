// The outbox's one writer. Call it inside the transaction that makes the change, so the event
// exists if and only if the change does: a rolled-back change leaves no event, and no committed
// change goes unreported (DESIGN.md §6).
import { Prisma } from "@/lib/db";
import { eventId } from "./random-id";
import { WEBHOOK_API_VERSION, type EventData, type EventType, type WebhookEventPayload } from "./event-types";

export type NewEvent<T extends EventType = EventType> = { type: T; data: EventData[T] };

/**
 * Records one event and queues it for every enabled endpoint that subscribes to its type, in
 * the caller's transaction. The delivery rows are the dispatchers' work queue: an endpoint
 * created later does not receive events from before it existed.
 */
export async function recordEvent<T extends EventType>(tx: Prisma.TransactionClient, event: NewEvent<T>): Promise<WebhookEventPayload<T>> {
  const [recorded] = await recordEvents(tx, [event]);
  return recorded as WebhookEventPayload<T>;
}

/** Many events in two statements, however many (a batch of an import): the same as recordEvent each. */
export async function recordEvents(tx: Prisma.TransactionClient, events: readonly NewEvent[]): Promise<WebhookEventPayload[]> {
  if (events.length === 0) return [];
  const createdAt = new Date();
  const recorded = events.map(
    ({ type, data }): WebhookEventPayload => ({ id: eventId(createdAt.getTime()), type, created_at: createdAt.toISOString(), api_version: WEBHOOK_API_VERSION, data }),
  );
  await tx.webhookEvent.createMany({
    data: recorded.map((e) => ({ id: e.id, type: e.type, apiVersion: e.api_version, data: e.data as Prisma.InputJsonValue, createdAt })),
  });
  await tx.$executeRaw`
    INSERT INTO webhook_deliveries (event_id, endpoint_id)
    SELECT v.id, e.id FROM (VALUES ${Prisma.join(recorded.map((e) => Prisma.sql`(${e.id}, ${e.type})`))}) AS v(id, type)
    JOIN webhook_endpoints e ON e.enabled AND (cardinality(e.event_types) = 0 OR v.type = ANY(e.event_types))`;
  return recorded;
}
