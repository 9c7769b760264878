// The outbox's one writer. Call it inside the transaction that makes the change, so the event
// exists if and only if the change does: a rolled-back change leaves no event, and no committed
// change goes unreported (DESIGN.md §6).
import type { Prisma } from "@/lib/db";
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
  // One statement: the events from column arrays, and their deliveries from what was inserted.
  await tx.$executeRaw`
    WITH inserted AS (
      INSERT INTO webhook_events (id, type, api_version, data, created_at)
      SELECT t.id, t.type, ${WEBHOOK_API_VERSION}, t.data::jsonb, ${createdAt}
      FROM unnest(${recorded.map((e) => e.id)}::text[], ${recorded.map((e) => e.type)}::text[],
        ${recorded.map((e) => JSON.stringify(e.data))}::text[]) AS t(id, type, data)
      RETURNING id, type
    )
    INSERT INTO webhook_deliveries (event_id, endpoint_id)
    SELECT i.id, e.id FROM inserted i
    JOIN webhook_endpoints e ON e.enabled AND (cardinality(e.event_types) = 0 OR i.type = ANY(e.event_types))`;
  return recorded;
}
