// Ends a payment still open at Stripe when our intent expired, so the donor's page can no longer
// pay for a gift we have canceled (a PaymentIntent stays open at Stripe until someone cancels it;
// an incomplete subscription would end by itself after a day). Keyed by our intent id: a retried
// or repeated cancel is one.
import type Stripe from "stripe";
import type { PaymentRefs } from "../payment-provider";

export async function cancelStripePayment(client: Stripe, refs: PaymentRefs): Promise<void> {
  const idempotencyKey = `${refs.intentId}-cancel`;
  if (refs.subscription) await client.subscriptions.cancel(refs.subscription, {}, { idempotencyKey });
  else if (refs.payment) await client.paymentIntents.cancel(refs.payment, { cancellation_reason: "abandoned" }, { idempotencyKey });
}
