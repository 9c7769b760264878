// Stripe's events, as the provider-neutral PaymentEvent the donation code applies; null for the
// types we acknowledge and ignore. Our intent id travels as `donation_intent` metadata on the
// PaymentIntent (one-time gifts) and on the Subscription (monthly ones), whose invoices carry a
// snapshot of it.
import type Stripe from "stripe";
import type { PaymentEvent } from "../payment-provider";
import { declineCodeOf } from "./decline-code-of";

export const INTENT_METADATA_KEY = "donation_intent";

export function paymentEventOf(event: Stripe.Event): PaymentEvent | null {
  const eventId = event.id;
  switch (event.type) {
    case "payment_intent.processing":
    case "payment_intent.succeeded":
    case "payment_intent.canceled": {
      const intent = event.data.object;
      const intentId = intent.metadata?.[INTENT_METADATA_KEY];
      if (!intentId) return null;
      const kind = event.type === "payment_intent.processing" ? "processing" : event.type === "payment_intent.succeeded" ? "succeeded" : "canceled";
      return { eventId, kind, intentId, paymentRef: intent.id, cardLast4: null };
    }
    case "payment_intent.payment_failed": {
      const intent = event.data.object;
      const intentId = intent.metadata?.[INTENT_METADATA_KEY];
      return intentId ? { eventId, kind: "failed", intentId, code: declineCodeOf(intent.last_payment_error) } : null;
    }
    case "charge.refunded": {
      // Sent at each refund, partial or not, with the charge's refunded total so far.
      const charge = event.data.object;
      const paymentRef = idOf(charge.payment_intent);
      return paymentRef && charge.amount_refunded > 0 ? { eventId, kind: "refunded", paymentRef, amountRefunded: charge.amount_refunded, full: charge.refunded } : null;
    }
    case "charge.dispute.created": {
      const paymentRef = idOf(event.data.object.payment_intent);
      return paymentRef ? { eventId, kind: "disputed", paymentRef } : null;
    }
    case "invoice.paid":
    case "invoice.payment_failed":
      return invoiceEvent(eventId, event.type, event.data.object);
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const intentId = subscription.metadata?.[INTENT_METADATA_KEY];
      return intentId ? { eventId, kind: "subscription_canceled", intentId, subscriptionRef: subscription.id } : null;
    }
    default:
      return null;
  }
}

function invoiceEvent(eventId: string, type: "invoice.paid" | "invoice.payment_failed", invoice: Stripe.Invoice): PaymentEvent | null {
  const details = invoice.parent?.subscription_details;
  const intentId = details?.metadata?.[INTENT_METADATA_KEY];
  const subscriptionRef = idOf(details?.subscription);
  if (!intentId || !subscriptionRef || !invoice.id) return null;
  const first = invoice.billing_reason === "subscription_create";
  const common = { eventId, intentId, subscriptionRef, invoiceRef: invoice.id, first };
  if (type === "invoice.payment_failed") return { ...common, kind: "invoice_failed", code: "card_declined" };
  const paymentRef = idOf(invoice.payments?.data[0]?.payment.payment_intent);
  return { ...common, kind: "invoice_paid", paymentRef, amount: invoice.amount_paid, currency: invoice.currency.toUpperCase() };
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  return typeof value === "string" ? value : (value?.id ?? null);
}
