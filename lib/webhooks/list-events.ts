import { Prisma, queryRows } from "@/lib/db";
import { PAGE_SIZE } from "@/lib/registry/schemas";
import { decodeCursor, encodeCursor, queryFingerprint } from "@/lib/registry/cursor";
import type { ListEventsQuery } from "./event-schemas";
import type { WebhookEventPayload } from "./event-types";

export type EventPage = { data: WebhookEventPayload[]; next_cursor: string | null; limit: number };

/**
 * Events oldest first, so an integration that was down can catch up from where it stopped:
 * keyset pagination on (created_at, id), which the outbox's indexes serve with and without a
 * type filter.
 */
export async function listEvents(query: ListEventsQuery): Promise<EventPage> {
  const limit = query.limit ?? PAGE_SIZE.default;
  const fingerprint = queryFingerprint(["events", query.type, query.since?.toISOString(), query.until?.toISOString()]);
  const conditions: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (query.type) conditions.push(Prisma.sql`type = ANY(${query.type}::text[])`);
  if (query.since) conditions.push(Prisma.sql`created_at >= ${query.since}`);
  if (query.until) conditions.push(Prisma.sql`created_at < ${query.until}`);
  if (query.cursor !== undefined) {
    const cursor = decodeCursor(query.cursor, fingerprint, "date");
    conditions.push(Prisma.sql`(created_at, id) > (${cursor.value}::timestamptz, ${cursor.id}::text)`);
  }
  const rows = await queryRows<WebhookEventPayload>(Prisma.sql`
    SELECT id, type, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, api_version, data
    FROM webhook_events WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY created_at, id LIMIT ${limit + 1}::int`);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page,
    next_cursor: rows.length > limit && last ? encodeCursor({ value: last.created_at, id: last.id }, fingerprint) : null,
    limit,
  };
}
