// Time-driven transitions: a processing intent whose settle time has come settles to its outcome,
// and an intent still waiting for a payment method past expires_at is canceled as expired. Run by
// every dispatcher (sweepDonationIntents) and before an intent is read or changed, so expiry
// happens on time without anyone asking, and nobody ever sees a state that is already over.
import { Prisma } from "@/lib/db";
import { recordEvents, type NewEvent } from "@/lib/events/record-event";
import { intentSelect, toOperatorIntentView, type IntentRow } from "./intent-record";

const BATCH = 500;

/** Settles what is due (all, or the one intent `id`), with each change's event; the changed rows. */
export async function settleIntents(tx: Prisma.TransactionClient, { id, now = new Date() }: { id?: string; now?: Date } = {}): Promise<IntentRow[]> {
  const only = id === undefined ? Prisma.empty : Prisma.sql`AND id = ${id}`;
  // SKIP LOCKED: an intent another transaction is changing right now is left to it.
  const settled = await tx.$queryRaw<{ id: string }[]>`
    UPDATE donation_intents SET
      status = CASE WHEN settle_outcome = 'succeeded' THEN 'succeeded' ELSE 'failed' END,
      failure_code = CASE WHEN settle_outcome = 'succeeded' THEN NULL ELSE substr(settle_outcome, 8) END,
      settle_at = NULL, settle_outcome = NULL, updated_at = ${now}
    WHERE id IN (SELECT id FROM donation_intents WHERE status = 'processing' AND settle_at <= ${now} ${only}
                 ORDER BY settle_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  const expired = await tx.$queryRaw<{ id: string }[]>`
    UPDATE donation_intents SET status = 'canceled', cancellation_reason = 'expired', updated_at = ${now}
    WHERE id IN (SELECT id FROM donation_intents WHERE status = 'requires_payment_method' AND expires_at <= ${now} ${only}
                 ORDER BY expires_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  const ids = [...settled, ...expired].map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await tx.donationIntent.findMany({ where: { id: { in: ids } }, select: intentSelect });
  await recordEvents(tx, rows.map(intentEvent));
  return rows;
}

const FINAL_EVENTS = {
  succeeded: "donation_intent.succeeded",
  failed: "donation_intent.failed",
  canceled: "donation_intent.canceled",
} as const;

/** The event of an intent that has just reached a final state (refunds and disputes: apply-charge-event.ts). */
export function intentEvent(row: IntentRow): NewEvent {
  const type = FINAL_EVENTS[row.status as keyof typeof FINAL_EVENTS] ?? "donation_intent.canceled";
  return { type, data: { donation_intent: toOperatorIntentView(row) } };
}
