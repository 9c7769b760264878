// A monthly gift's events at a live provider: its first invoice paid (the intent succeeds and the
// gift recurs), each renewal paid or failed (a payment of the same donation), and its end. Every
// change is conditional, so a replayed or late event changes nothing.
import type { Prisma } from "@/lib/db";
import type { NewEvent } from "@/lib/events/record-event";
import type { PaymentEvent } from "@/lib/payments/payment-provider";
import { randomId } from "@/lib/random-id";
import { intentSelect, type IntentRow } from "./intent-record";
import type { PaymentRow } from "./payment-record";
import { intentEvent } from "./settle-intents";
import { subscriptionEvent } from "./subscription-event";

type SubscriptionEvent = Extract<PaymentEvent, { kind: "invoice_paid" | "invoice_failed" | "subscription_canceled" }>;

export async function applySubscriptionEvent(tx: Prisma.TransactionClient, provider: string, event: SubscriptionEvent, now: Date): Promise<NewEvent[]> {
  const mine = { id: event.intentId, provider, providerSubscriptionId: event.subscriptionRef };
  const update = (where: Prisma.DonationIntentWhereInput, data: Prisma.DonationIntentUpdateManyMutationInput) =>
    tx.donationIntent.updateManyAndReturn({ where: { ...mine, ...where }, data: { ...data, updatedAt: now }, select: intentSelect });

  if (event.kind === "subscription_canceled") {
    const [ended] = await update({ subscriptionStatus: "active" }, { subscriptionStatus: "canceled" });
    if (ended) return [subscriptionEvent("donation_subscription.canceled", ended, null)];
    // Ended before its first payment (Stripe ends an incomplete subscription after a day).
    const canceled = await update({ status: { in: ["requires_payment_method", "processing"] } }, { status: "canceled", cancellationReason: "canceled_at_provider" });
    return canceled.map(intentEvent);
  }
  if (event.first && event.kind === "invoice_failed") {
    return (await update({ status: { in: ["requires_payment_method", "processing"] } }, { status: "failed", failureCode: event.code })).map(intentEvent);
  }
  if (event.first) {
    const [paid] = await update(
      { status: { in: ["requires_payment_method", "processing", "failed", "canceled"] } },
      { status: "succeeded", failureCode: null, cancellationReason: null, subscriptionStatus: "active", providerPaymentId: event.kind === "invoice_paid" ? event.paymentRef : null },
    );
    if (!paid) return [];
    const payment = await recordPayment(tx, paid, event, now);
    return [intentEvent(paid), subscriptionEvent("donation_subscription.created", paid, payment)];
  }
  const intent = await tx.donationIntent.findFirst({ where: { ...mine, subscriptionStatus: { not: null } }, select: intentSelect });
  if (!intent) return [];
  const payment = await recordPayment(tx, intent, event, now);
  return [subscriptionEvent(event.kind === "invoice_paid" ? "donation_subscription.renewed" : "donation_subscription.failed", intent, payment)];
}

async function recordPayment(tx: Prisma.TransactionClient, intent: IntentRow, event: Extract<SubscriptionEvent, { kind: "invoice_paid" | "invoice_failed" }>, now: Date): Promise<PaymentRow> {
  const paid = event.kind === "invoice_paid";
  return tx.donationPayment.create({
    data: {
      id: randomId("dp", 24),
      intentId: intent.id,
      status: paid ? "succeeded" : "failed",
      amount: paid ? event.amount : intent.amount,
      currency: paid ? event.currency : intent.currency,
      failureCode: paid ? null : event.code,
      providerInvoiceId: event.invoiceRef,
      providerPaymentId: paid ? event.paymentRef : null,
      createdAt: now,
    },
  });
}
