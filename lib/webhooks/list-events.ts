import { config } from "@/lib/config";
import { Prisma, queryRows } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { listPage, type ListPage } from "@/lib/schemas/list-page";
import { PAGE_SIZE } from "@/lib/registry/schemas";
import { decodeCursor, encodeCursor, queryFingerprint } from "@/lib/registry/cursor";
import type { ListEventsQuery } from "./event-schemas";
import { retentionCutoff } from "./prune-events";
import type { WebhookEventPayload } from "@/lib/events/event-types";

export type EventListPage = ListPage<WebhookEventPayload> & { meta: { retention_days: number; retained_since: string } };

/**
 * Events in the order of the transactions that wrote them, so an integration that was down can
 * catch up from where it stopped, and a reader that keeps following next_cursor sees every event
 * exactly once.
 *
 * created_at cannot give that order: it is stamped before commit, so an event whose transaction
 * commits late would land behind a reader that has already moved past its time. So each event
 * keeps the 64-bit id of its transaction (txid), and the list pages on (txid, id) but shows only
 * events whose transaction id is below the oldest one still running on the database server (the
 * xmin of the statement's own snapshot). Every transaction below that xmin has ended, and every later
 * one gets a higher id, so nothing can ever commit below a cursor: a long transaction delays the
 * list, it never makes a reader skip an event. One statement, no session state: the snapshot
 * that bounds the page is the one that reads it.
 *
 * next_cursor is the position after the last event shown (the cursor given, on an empty page),
 * so polling with it picks up exactly the events that became visible since.
 */
export async function listEvents(query: ListEventsQuery): Promise<EventListPage> {
  const limit = query.limit ?? PAGE_SIZE.default;
  const fingerprint = queryFingerprint(["events-by-transaction", query.type, query.since?.toISOString(), query.until?.toISOString()]);
  const conditions: Prisma.Sql[] = [Prisma.sql`txid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`];
  if (query.type) conditions.push(Prisma.sql`type = ANY(${query.type}::text[])`);
  if (query.since) conditions.push(Prisma.sql`created_at >= ${query.since}`);
  if (query.until) conditions.push(Prisma.sql`created_at < ${query.until}`);
  if (query.cursor !== undefined) {
    const cursor = decodeCursor(query.cursor, fingerprint, "string");
    if (!/^-?\d{1,19}$/.test(String(cursor.value))) throw ApiError.invalid([{ name: "cursor", reason: "is not a valid cursor" }]);
    conditions.push(Prisma.sql`(txid, id) > (${cursor.value}::bigint, ${cursor.id}::text)`);
  } else if (query.since) {
    // Where the first page starts: at the oldest transaction that wrote an event since then, not
    // at the start of the outbox. `+ 0` keeps that minimum on the created_at index (the events
    // since then, which the reader is about to page through anyway): as min(txid), the planner
    // would walk the txid index from its start, through every event before `since`.
    conditions.push(Prisma.sql`txid >= (SELECT min(txid + 0) FROM webhook_events WHERE created_at >= ${query.since})`);
  }
  // The transaction id goes out as text (it is 64 bits), under another name: ORDER BY txid would
  // otherwise sort by that text, and 10000 would come before 9999.
  const rows = await queryRows<WebhookEventPayload & { txid_text: string }>(Prisma.sql`
    SELECT id, type, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, api_version, data, txid::text AS txid_text
    FROM webhook_events WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY txid, id LIMIT ${limit}::int`);
  const last = rows.at(-1);
  const next = last ? encodeCursor({ value: last.txid_text, id: last.id }, fingerprint) : (query.cursor ?? null);

  return {
    ...listPage(
      rows.map(({ id, type, created_at, api_version, data }) => ({ id, type, created_at, api_version, data })),
      next,
      limit,
    ),
    // How far back the list reaches: older events are pruned (prune-events.ts).
    meta: { retention_days: config().webhooks.retentionDays, retained_since: retentionCutoff().toISOString() },
  };
}
