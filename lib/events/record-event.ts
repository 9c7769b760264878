// The outbox's one writer. Call it inside the transaction that makes the change, so the event
// exists if and only if the change does: a rolled-back change leaves no event, and no committed
// change goes unreported (docs/webhooks.md#events).
import { Prisma } from "@/lib/db";
import { eventId } from "./event-id";
import { WEBHOOK_API_VERSION, type EventData, type EventType, type WebhookEventPayload } from "./event-types";

export type NewEvent<T extends EventType = EventType> = { type: T; data: EventData[T] };

/**
 * Records one event and queues it for every endpoint that subscribes to its type, in the
 * caller's transaction. The delivery rows are the dispatchers' work queue: an endpoint created
 * later does not receive events from before it existed, and a disabled one's deliveries wait,
 * unclaimed, until it is enabled again.
 */
export async function recordEvent<T extends EventType>(tx: Prisma.TransactionClient, event: NewEvent<T>): Promise<WebhookEventPayload<T>> {
  const [recorded] = await recordEvents(tx, [event]);
  return recorded as WebhookEventPayload<T>;
}

/** Many events in one statement, however many (a batch of an import): the same as recordEvent each. */
export async function recordEvents(tx: Prisma.TransactionClient, events: readonly NewEvent[]): Promise<WebhookEventPayload[]> {
  if (events.length === 0) return [];
  const recorded = eventPayloads(events);
  await tx.$executeRaw`WITH ${outboxWrites(recorded)} SELECT 1`;
  return recorded;
}

/** The payloads of new events, with their ids and creation time: what the outbox stores and sends. */
export function eventPayloads(events: readonly NewEvent[], createdAt = new Date()): WebhookEventPayload[] {
  return events.map(({ type, data }): WebhookEventPayload => ({ id: eventId(createdAt.getTime()), type, created_at: createdAt.toISOString(), api_version: WEBHOOK_API_VERSION, data }));
}

/**
 * The outbox write as two WITH items, for a statement that makes its change in the same breath:
 * `outbox_events` inserts the events from column arrays, `outbox_deliveries` queues them for
 * their endpoints and returns one row a delivery. With `onlyIf`, a condition on the statement's
 * other WITH items, the events are written only where it holds (the change happened).
 */
export function outboxWrites(recorded: readonly WebhookEventPayload[], onlyIf: Prisma.Sql = Prisma.sql`true`): Prisma.Sql {
  return outboxWritesFrom(Prisma.sql`
      SELECT t.id, t.type, ${WEBHOOK_API_VERSION}, t.data::jsonb, t.created_at::timestamptz
      FROM unnest(${recorded.map((e) => e.id)}::text[], ${recorded.map((e) => e.type)}::text[],
        ${recorded.map((e) => JSON.stringify(e.data))}::text[], ${recorded.map((e) => e.created_at)}::text[]) AS t(id, type, data, created_at)
      WHERE ${onlyIf}`);
}

/**
 * The same from a query of the events' columns (id, type, api_version, data, created_at): an
 * import's events, copied into a table of its own, go out through here.
 */
export function outboxWritesFrom(events: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    outbox_events AS (
      INSERT INTO webhook_events (id, type, api_version, data, created_at)
      ${events}
      RETURNING id, type
    ),
    outbox_deliveries AS (
      INSERT INTO webhook_deliveries (event_id, endpoint_id)
      SELECT i.id, e.id FROM outbox_events i
      JOIN webhook_endpoints e ON cardinality(e.event_types) = 0 OR i.type = ANY(e.event_types)
      RETURNING 1
    )`;
}
