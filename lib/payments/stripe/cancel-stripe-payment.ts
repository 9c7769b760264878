// Ends a payment still open at Stripe: when our intent expired (a PaymentIntent stays open at
// Stripe until someone cancels it; an incomplete subscription would end by itself after a day),
// and when a donor cancels a monthly gift. Keyed by our intent id: a retried or repeated cancel is
// one. One that Stripe had already ended (its webhook missed) is done, not a failure.
import type Stripe from "stripe";
import type { PaymentRefs } from "../payment-provider";

const ENDED = new Set(["canceled", "incomplete_expired"]);

export async function cancelStripePayment(client: Stripe, refs: PaymentRefs): Promise<void> {
  const idempotencyKey = `${refs.intentId}-cancel`;
  try {
    if (refs.subscription) await client.subscriptions.cancel(refs.subscription, {}, { idempotencyKey });
    else if (refs.payment) await client.paymentIntents.cancel(refs.payment, { cancellation_reason: "abandoned" }, { idempotencyKey });
  } catch (error) {
    const current = refs.subscription ? await client.subscriptions.retrieve(refs.subscription) : refs.payment ? await client.paymentIntents.retrieve(refs.payment) : null;
    if (!current || !ENDED.has(current.status)) throw error;
  }
}
