// A refund or a dispute of one payment at a live provider, found by the provider's payment id: a
// one-time gift or a monthly gift's first payment (the intent, donation_intent.* events), or a
// monthly gift's renewal (its donation_payments row, donation_subscription.* events). The
// provider reports a refund's total so far, which is written only when it is more than ours: two
// partial refunds never count twice, and a replayed or late one changes nothing. A payment is
// refunded only once in full, and nothing leaves refunded or disputed.
import { Prisma } from "@/lib/db";
import type { NewEvent } from "@/lib/events/record-event";
import type { PaymentEvent } from "@/lib/payments/payment-provider";
import { intentSelect, toOperatorIntentView } from "./intent-record";
import { subscriptionEvent } from "./subscription-event";

type ChargeEvent = Extract<PaymentEvent, { kind: "refunded" | "disputed" }>;

export async function applyChargeEvent(tx: Prisma.TransactionClient, provider: string, event: ChargeEvent, now: Date): Promise<NewEvent[]> {
  const { set, more } = changeOf(event);
  const intents = await tx.$queryRaw<{ id: string }[]>`
    UPDATE donation_intents t SET ${set}, updated_at = ${now}
    WHERE t.provider = ${provider} AND t.provider_payment_id = ${event.paymentRef} AND t.status = 'succeeded' ${more}
    RETURNING t.id`;
  // A monthly gift's first payment is also its first donation_payments row: kept true, its
  // events are the intent's (above). Only a renewal's change is a donation_subscription.* event.
  const payments = await tx.$queryRaw<{ id: string; renewal: boolean }[]>`
    UPDATE donation_payments t SET ${set}
    FROM donation_intents i
    WHERE t.intent_id = i.id AND i.provider = ${provider} AND t.provider_payment_id = ${event.paymentRef} AND t.status = 'succeeded' ${more}
    RETURNING t.id, i.provider_payment_id IS DISTINCT FROM t.provider_payment_id AS renewal`;

  const intentRows = intents.length === 0 ? [] : await tx.donationIntent.findMany({ where: { id: { in: intents.map((r) => r.id) } }, select: intentSelect });
  const renewals = payments.filter((p) => p.renewal).map((p) => p.id);
  const paymentRows =
    renewals.length === 0 ? [] : await tx.donationPayment.findMany({ where: { id: { in: renewals } }, include: { intent: { select: intentSelect } } });
  return [
    ...intentRows.map((row): NewEvent => ({ type: INTENT_EVENTS[kindOf(row)], data: { donation_intent: toOperatorIntentView(row) } })),
    ...paymentRows.map(({ intent, ...payment }) => subscriptionEvent(SUBSCRIPTION_EVENTS[kindOf(payment)], intent, payment)),
  ];
}

/**
 * The change, in SQL over the row `t`: a dispute keeps what was refunded; a refund writes its
 * total (the whole amount once in full, never more), and only when that is more than the row's.
 */
function changeOf(event: ChargeEvent): { set: Prisma.Sql; more: Prisma.Sql } {
  if (event.kind === "disputed") return { set: Prisma.sql`status = 'disputed'`, more: Prisma.empty };
  const refunded = event.full ? Prisma.sql`t.amount` : Prisma.sql`LEAST(${event.amountRefunded}::int, t.amount)`;
  return {
    set: Prisma.sql`amount_refunded = ${refunded}, status = CASE WHEN ${refunded} >= t.amount THEN 'refunded' ELSE 'succeeded' END`,
    more: Prisma.sql`AND t.amount_refunded < ${refunded}`,
  };
}

type Kind = "refunded" | "partially_refunded" | "disputed";

const INTENT_EVENTS = { refunded: "donation_intent.refunded", partially_refunded: "donation_intent.partially_refunded", disputed: "donation_intent.disputed" } as const;
const SUBSCRIPTION_EVENTS = {
  refunded: "donation_subscription.refunded",
  partially_refunded: "donation_subscription.partially_refunded",
  disputed: "donation_subscription.disputed",
} as const;

/** Which event a changed row's state is: refunded in full, refunded in part (still succeeded), or disputed. */
function kindOf(row: { status: string }): Kind {
  return row.status === "succeeded" ? "partially_refunded" : (row.status as Exclude<Kind, "partially_refunded">);
}
