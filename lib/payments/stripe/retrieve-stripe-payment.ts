// A payment's state at Stripe now, as the events its webhooks would have brought: reconciliation
// for an intent whose webhook never came. The events' ids name Stripe's object and its state
// (`reconciled:pi_…:succeeded`), never a webhook event's (`evt_…`), so Stripe's own event,
// arriving later, is not taken for a duplicate: it is applied, and its conditional update changes nothing.
import type Stripe from "stripe";
import type { PaymentEvent, PaymentRefs, RetrievedPayment } from "../payment-provider";
import { declineCodeOf } from "./decline-code-of";

/** Statuses in which the donor may still pay: the PaymentIntent or subscription is open. */
export const OPEN_PAYMENT = new Set(["requires_payment_method", "requires_confirmation", "requires_action", "processing"]);
export const OPEN_SUBSCRIPTION = new Set(["incomplete"]);
const PAID_SUBSCRIPTION = new Set(["active", "trialing", "past_due"]);
const ENDED_SUBSCRIPTION = new Set(["canceled", "incomplete_expired"]);

export async function retrieveStripePayment(client: Stripe, refs: PaymentRefs): Promise<RetrievedPayment> {
  if (refs.subscription) return subscriptionState(client, refs.intentId, refs.subscription);
  if (refs.payment) return paymentIntentState(await client.paymentIntents.retrieve(refs.payment), refs.intentId);
  return { open: false, events: [] };
}

function paymentIntentState(intent: Stripe.PaymentIntent, intentId: string): RetrievedPayment {
  const common = { intentId, paymentRef: intent.id, cardLast4: null };
  const eventId = (state: string) => `reconciled:${intent.id}:${state}`;
  const open = OPEN_PAYMENT.has(intent.status);
  switch (intent.status) {
    case "succeeded":
      return { open, events: [{ ...common, eventId: eventId("succeeded"), kind: "succeeded" }] };
    case "processing":
      return { open, events: [{ ...common, eventId: eventId("processing"), kind: "processing" }] };
    case "canceled":
      return { open, events: [{ ...common, eventId: eventId("canceled"), kind: "canceled" }] };
    case "requires_payment_method": {
      // Back to requires_payment_method after a declined attempt: what payment_intent.payment_failed reports.
      const error = intent.last_payment_error;
      const failed: PaymentEvent[] = error ? [{ eventId: eventId(`failed:${error.code ?? "declined"}`), kind: "failed", intentId, code: declineCodeOf(error) }] : [];
      return { open, events: failed };
    }
    default:
      return { open, events: [] };
  }
}

/** A monthly gift: its first invoice paid (the gift began), or its subscription ended. */
async function subscriptionState(client: Stripe, intentId: string, subscriptionId: string): Promise<RetrievedPayment> {
  const subscription = await client.subscriptions.retrieve(subscriptionId, { expand: ["latest_invoice.payments"] });
  const open = OPEN_SUBSCRIPTION.has(subscription.status);
  if (ENDED_SUBSCRIPTION.has(subscription.status)) {
    return { open, events: [{ eventId: `reconciled:${subscription.id}:canceled`, kind: "subscription_canceled", intentId, subscriptionRef: subscription.id }] };
  }
  const invoice = typeof subscription.latest_invoice === "object" ? subscription.latest_invoice : null;
  if (!PAID_SUBSCRIPTION.has(subscription.status) || !invoice?.id || invoice.billing_reason !== "subscription_create" || invoice.status !== "paid") {
    return { open, events: [] };
  }
  const payment = invoice.payments?.data[0]?.payment.payment_intent;
  const event: PaymentEvent = {
    eventId: `reconciled:${invoice.id}:paid`,
    kind: "invoice_paid",
    intentId,
    subscriptionRef: subscription.id,
    invoiceRef: invoice.id,
    paymentRef: typeof payment === "string" ? payment : (payment?.id ?? null),
    amount: invoice.amount_paid,
    currency: invoice.currency.toUpperCase(),
    first: true,
  };
  return { open, events: [event] };
}
