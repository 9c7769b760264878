// The PaymentIntent or Subscription Stripe made for one of our intent ids whose ids we never
// wrote (an orphan: the process died between Stripe's answer and our write), found by its
// `donation_intent` metadata with Stripe's Search API. Chosen over repeating the create call with
// the same idempotency key, which also returns it, because that works for 24 hours only, needs the
// original parameters again (Stripe refuses a key reused with others), and, if the first call
// never reached Stripe, makes the very payment we mean to end. Search needs the id alone and makes
// nothing; its index lags the API (under a minute, Stripe says), which the caller allows for.
import type Stripe from "stripe";
import type { FoundPayment, PaymentRequest } from "../payment-provider";
import { INTENT_METADATA_KEY } from "./payment-event-of";
import { OPEN_PAYMENT, OPEN_SUBSCRIPTION } from "./retrieve-stripe-payment";

export async function findStripePayment(client: Stripe, intentId: string, frequency: PaymentRequest["frequency"]): Promise<FoundPayment | null> {
  // Our ids are di_ and base-36 characters: nothing to escape in the query.
  if (!/^di_[a-z0-9]+$/.test(intentId)) return null;
  const query = `metadata['${INTENT_METADATA_KEY}']:'${intentId}'`;
  if (frequency === "monthly") {
    const { data } = await client.subscriptions.search({ query, limit: 10 });
    const found = data.find((s) => OPEN_SUBSCRIPTION.has(s.status)) ?? data[0];
    return found ? { refs: { intentId, payment: null, subscription: found.id }, open: OPEN_SUBSCRIPTION.has(found.status) } : null;
  }
  const { data } = await client.paymentIntents.search({ query, limit: 10 });
  const found = data.find((p) => OPEN_PAYMENT.has(p.status)) ?? data[0];
  return found ? { refs: { intentId, payment: found.id, subscription: null }, open: OPEN_PAYMENT.has(found.status) } : null;
}
