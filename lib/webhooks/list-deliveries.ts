import { Prisma, queryRows } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { listPage, type ListPage } from "@/lib/schemas/list-page";
import { PAGE_SIZE } from "@/lib/registry/schemas";
import { decodeCursor, encodeCursor, queryFingerprint } from "@/lib/registry/cursor";
import type { DeliveryAttempt, DeliveryRecord } from "./delivery-schemas";
import type { ListDeliveriesQuery } from "./event-schemas";

const utc = (column: string) => Prisma.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * The delivery log of one endpoint or of one event, newest first, each delivery with its attempts
 * (status, latency, the start of the answer). Keyset pagination on (created_at, event_id).
 * An event that does not exist is a 404; one that exists but went to no endpoint, an empty list.
 */
export async function listDeliveries(
  of: { endpointId: string } | { eventId: string },
  query: ListDeliveriesQuery,
): Promise<ListPage<DeliveryRecord>> {
  const limit = query.limit ?? PAGE_SIZE.default;
  const fingerprint = queryFingerprint(["deliveries", of, query.status]);
  const conditions = ["endpointId" in of ? Prisma.sql`d.endpoint_id = ${of.endpointId}` : Prisma.sql`d.event_id = ${of.eventId}`];
  if (query.status) conditions.push(Prisma.sql`d.status = ${query.status}`);
  if (query.cursor !== undefined) {
    const cursor = decodeCursor(query.cursor, fingerprint, "date");
    const [eventId = "", endpointId = ""] = cursor.id.split(" ");
    conditions.push(Prisma.sql`(d.created_at, d.event_id, d.endpoint_id) < (${cursor.value}::timestamptz, ${eventId}::text, ${endpointId}::text)`);
  }
  const rows = await queryRows<Omit<DeliveryRecord, "log">>(Prisma.sql`
    SELECT d.event_id, v.type AS event_type, d.endpoint_id, d.status, d.attempts,
           CASE WHEN d.status = 'pending' THEN ${utc("d.next_attempt_at")} END AS next_attempt_at,
           d.last_status_code, d.last_error, ${utc("d.created_at")} AS created_at, ${utc("d.delivered_at")} AS delivered_at
    FROM webhook_deliveries d JOIN webhook_events v ON v.id = d.event_id
    WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY d.created_at DESC, d.event_id DESC, d.endpoint_id DESC LIMIT ${limit + 1}::int`);
  const page = rows.slice(0, limit);
  if ("eventId" in of && page.length === 0) await assertEventExists(of.eventId);
  const attempts = page.length
    ? await queryRows<DeliveryAttempt & { event_id: string; endpoint_id: string }>(Prisma.sql`
        SELECT event_id, endpoint_id, attempt, ${utc("started_at")} AS started_at, latency_ms, status_code, error, response_snippet
        FROM webhook_delivery_attempts
        WHERE (event_id, endpoint_id) IN (${Prisma.join(page.map((d) => Prisma.sql`(${d.event_id}, ${d.endpoint_id})`))})
        ORDER BY started_at, attempt`)
    : [];
  const last = page.at(-1);
  return listPage(
    page.map((d) => ({
      ...d,
      log: attempts
        .filter((a) => a.event_id === d.event_id && a.endpoint_id === d.endpoint_id)
        .map((a) => ({
          attempt: a.attempt,
          started_at: a.started_at,
          latency_ms: a.latency_ms,
          status_code: a.status_code,
          error: a.error,
          response_snippet: a.response_snippet,
        })),
    })),
    rows.length > limit && last ? encodeCursor({ value: last.created_at, id: `${last.event_id} ${last.endpoint_id}` }, fingerprint) : null,
    limit,
  );
}

async function assertEventExists(id: string): Promise<void> {
  const found = /^evt_[0-9A-Za-z]{20,40}$/.test(id) && (await queryRows(Prisma.sql`SELECT 1 FROM webhook_events WHERE id = ${id}`)).length > 0;
  if (!found) throw new ApiError("not_found", `No event has the id '${id.slice(0, 60)}'.`);
}
