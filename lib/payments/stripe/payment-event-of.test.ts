import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { declineCodeOf } from "./decline-code-of";
import { paymentEventOf } from "./payment-event-of";

const event = (type: string, object: Record<string, unknown>) => ({ id: "evt_1", object: "event", type, data: { object } }) as unknown as Stripe.Event;
const ours = { id: "pi_1", object: "payment_intent", metadata: { donation_intent: "di_1", ngo: "demo" } };
const invoice = (billingReason: string) => ({
  id: "in_1",
  object: "invoice",
  billing_reason: billingReason,
  amount_paid: 1500,
  currency: "eur",
  parent: { subscription_details: { subscription: "sub_1", metadata: { donation_intent: "di_1" } } },
  payments: { data: [{ payment: { payment_intent: "pi_9" } }] },
});

describe("Stripe's events as payment events", () => {
  it("maps a PaymentIntent's life to our intent's", () => {
    expect(paymentEventOf(event("payment_intent.processing", ours))).toEqual({ eventId: "evt_1", kind: "processing", intentId: "di_1", paymentRef: "pi_1", cardLast4: null });
    expect(paymentEventOf(event("payment_intent.succeeded", ours))).toMatchObject({ kind: "succeeded", intentId: "di_1" });
    expect(paymentEventOf(event("payment_intent.canceled", ours))).toMatchObject({ kind: "canceled", intentId: "di_1" });
    expect(paymentEventOf(event("payment_intent.payment_failed", { ...ours, last_payment_error: { code: "card_declined", decline_code: "insufficient_funds" } }))).toEqual({
      eventId: "evt_1",
      kind: "failed",
      intentId: "di_1",
      code: "insufficient_funds",
    });
  });

  it("maps refunds, with the charge's refunded total so far, and disputes to the payment they concern", () => {
    expect(paymentEventOf(event("charge.refunded", { payment_intent: "pi_1", refunded: true, amount_refunded: 2500 }))).toEqual({
      eventId: "evt_1",
      kind: "refunded",
      paymentRef: "pi_1",
      amountRefunded: 2500,
      full: true,
    });
    expect(paymentEventOf(event("charge.refunded", { payment_intent: "pi_1", refunded: false, amount_refunded: 500 }))).toMatchObject({ amountRefunded: 500, full: false });
    expect(paymentEventOf(event("charge.refunded", { payment_intent: "pi_1", refunded: false, amount_refunded: 0 }))).toBeNull();
    expect(paymentEventOf(event("charge.dispute.created", { payment_intent: { id: "pi_1" } }))).toEqual({ eventId: "evt_1", kind: "disputed", paymentRef: "pi_1" });
  });

  it("tells a subscription's first invoice from its renewals", () => {
    expect(paymentEventOf(event("invoice.paid", invoice("subscription_create")))).toEqual({
      eventId: "evt_1",
      kind: "invoice_paid",
      intentId: "di_1",
      subscriptionRef: "sub_1",
      invoiceRef: "in_1",
      paymentRef: "pi_9",
      amount: 1500,
      currency: "EUR",
      first: true,
    });
    expect(paymentEventOf(event("invoice.payment_failed", invoice("subscription_cycle")))).toMatchObject({ kind: "invoice_failed", first: false, code: "card_declined" });
    expect(paymentEventOf(event("customer.subscription.deleted", { id: "sub_1", metadata: { donation_intent: "di_1" } }))).toMatchObject({ kind: "subscription_canceled", subscriptionRef: "sub_1" });
  });

  it("ignores unknown types and events about payments that are not ours", () => {
    expect(paymentEventOf(event("customer.created", { id: "cus_1" }))).toBeNull();
    expect(paymentEventOf(event("payment_intent.succeeded", { ...ours, metadata: {} }))).toBeNull();
    expect(paymentEventOf(event("invoice.paid", { ...invoice("subscription_cycle"), parent: null }))).toBeNull();
  });

  it("keeps decline codes to our stable list", () => {
    expect(declineCodeOf({ code: "card_declined", decline_code: "generic_decline" })).toBe("card_declined");
    expect(declineCodeOf({ code: "expired_card" })).toBe("expired_card");
    expect(declineCodeOf({ code: "something_new" })).toBe("card_declined");
    expect(declineCodeOf(null)).toBe("card_declined");
  });
});
