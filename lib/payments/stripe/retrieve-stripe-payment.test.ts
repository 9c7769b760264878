import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { retrieveStripePayment } from "./retrieve-stripe-payment";

/** A client whose retrievals answer `object`, recording what was asked. */
function clientAnswering(object: Record<string, unknown>) {
  const asked: unknown[][] = [];
  const retrieve = async (...args: unknown[]) => {
    asked.push(args);
    return object;
  };
  return { client: { paymentIntents: { retrieve }, subscriptions: { retrieve } } as unknown as Stripe, asked };
}

const oneTime = { intentId: "di_1", payment: "pi_1", subscription: null };
const monthly = { intentId: "di_2", payment: null, subscription: "sub_1" };
const firstInvoice = { id: "in_1", status: "paid", billing_reason: "subscription_create", amount_paid: 1500, currency: "eur", payments: { data: [{ payment: { payment_intent: "pi_9" } }] } };

describe("a payment's state at Stripe, as the events its webhooks would have brought", () => {
  it("maps a PaymentIntent's status, with ids that are never a webhook event's", async () => {
    const state = async (fields: Record<string, unknown>) => retrieveStripePayment(clientAnswering({ id: "pi_1", ...fields }).client, oneTime);
    expect(await state({ status: "succeeded" })).toEqual({
      open: false,
      events: [{ eventId: "reconciled:pi_1:succeeded", kind: "succeeded", intentId: "di_1", paymentRef: "pi_1", cardLast4: null }],
    });
    expect(await state({ status: "processing" })).toMatchObject({ open: true, events: [{ kind: "processing" }] });
    expect(await state({ status: "canceled" })).toMatchObject({ open: false, events: [{ kind: "canceled" }] });
    expect(await state({ status: "requires_payment_method", last_payment_error: null })).toEqual({ open: true, events: [] });
    expect(await state({ status: "requires_payment_method", last_payment_error: { code: "card_declined", decline_code: "expired_card" } })).toMatchObject({
      open: true,
      events: [{ kind: "failed", code: "expired_card", intentId: "di_1" }],
    });
    expect(await state({ status: "requires_action" })).toEqual({ open: true, events: [] });
  });

  it("reads a monthly gift's subscription with its latest invoice: paid first invoice, or its end", async () => {
    const paid = clientAnswering({ id: "sub_1", status: "active", latest_invoice: firstInvoice });
    expect(await retrieveStripePayment(paid.client, monthly)).toEqual({
      open: false,
      events: [{ eventId: "reconciled:in_1:paid", kind: "invoice_paid", intentId: "di_2", subscriptionRef: "sub_1", invoiceRef: "in_1", paymentRef: "pi_9", amount: 1500, currency: "EUR", first: true }],
    });
    expect(paid.asked[0]).toEqual(["sub_1", { expand: ["latest_invoice.payments"] }]);
    const pending = clientAnswering({ id: "sub_1", status: "incomplete", latest_invoice: { ...firstInvoice, status: "open" } });
    expect(await retrieveStripePayment(pending.client, monthly)).toEqual({ open: true, events: [] });
    const expired = clientAnswering({ id: "sub_1", status: "incomplete_expired", latest_invoice: null });
    expect(await retrieveStripePayment(expired.client, monthly)).toMatchObject({ open: false, events: [{ kind: "subscription_canceled", subscriptionRef: "sub_1" }] });
  });
});
