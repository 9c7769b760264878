import { Prisma, queryRows } from "@/lib/db";
import { PAGE_SIZE } from "@/lib/registry/schemas";
import { decodeCursor, encodeCursor, queryFingerprint } from "@/lib/registry/cursor";
import type { ListDeliveriesQuery } from "./event-schemas";

export type DeliveryAttempt = {
  attempt: number;
  started_at: string;
  latency_ms: number;
  status_code: number | null;
  error: string | null;
  response_snippet: string | null;
};

export type DeliveryRecord = {
  event_id: string;
  event_type: string;
  endpoint_id: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  log: DeliveryAttempt[];
};

const utc = (column: string) => Prisma.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * The delivery log of one endpoint or of one event, newest first, each delivery with its attempts
 * (status, latency, the start of the answer). Keyset pagination on (created_at, event_id).
 */
export async function listDeliveries(
  of: { endpointId: string } | { eventId: string },
  query: ListDeliveriesQuery,
): Promise<{ data: DeliveryRecord[]; next_cursor: string | null; limit: number }> {
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
  const attempts = page.length
    ? await queryRows<DeliveryAttempt & { event_id: string; endpoint_id: string }>(Prisma.sql`
        SELECT event_id, endpoint_id, attempt, ${utc("started_at")} AS started_at, latency_ms, status_code, error, response_snippet
        FROM webhook_delivery_attempts
        WHERE (event_id, endpoint_id) IN (${Prisma.join(page.map((d) => Prisma.sql`(${d.event_id}, ${d.endpoint_id})`))})
        ORDER BY started_at, attempt`)
    : [];
  const last = page.at(-1);
  return {
    data: page.map((d) => ({
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
    next_cursor: rows.length > limit && last ? encodeCursor({ value: last.created_at, id: `${last.event_id} ${last.endpoint_id}` }, fingerprint) : null,
    limit,
  };
}
