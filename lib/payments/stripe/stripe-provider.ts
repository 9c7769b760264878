// Stripe, the first live provider: PaymentIntents for one-time gifts, Subscriptions with an inline
// monthly price for monthly ones. Card details go from the donor's browser to Stripe (the Payment
// Element in the widget); we keep Stripe's ids and learn outcomes from its webhooks. One platform
// account: the NGO is metadata (connected accounts are out of scope).
import type Stripe from "stripe";
import type { StripeSettings } from "@/lib/config-payments";
import { ApiError } from "@/lib/errors/api-error";
import type { PaymentCollection, PaymentProvider, PaymentRequest, ProviderCheck } from "../payment-provider";
import { donationProduct } from "./donation-product";
import { INTENT_METADATA_KEY, paymentEventOf } from "./payment-event-of";
import { cancelStripePayment } from "./cancel-stripe-payment";
import { findStripePayment } from "./find-stripe-payment";
import { retrieveStripePayment } from "./retrieve-stripe-payment";
import { assertStripeAmount } from "./stripe-amounts";
import { stripeClient } from "./stripe-client";
import { stripeProblem } from "./stripe-problem";

export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const client = stripeClient(settings);
  return {
    id: "stripe",
    mode: "live",
    assertAmountAccepted: assertStripeAmount,
    async createPayment(request) {
      try {
        const refs = request.frequency === "monthly" ? await subscribe(client, request) : await payOnce(client, request);
        return { ...refs, publishableKey: settings.publishableKey };
      } catch (error) {
        throw stripeProblem(error, "create_payment");
      }
    },
    parseWebhook(rawBody, headers) {
      const signature = headers.get("stripe-signature");
      if (!signature) throw ApiError.invalid([{ name: "Stripe-Signature", reason: "is missing: only Stripe's signed events are taken here" }]);
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        const stale = error instanceof Error && /tolerance/i.test(error.message);
        const reason = stale ? "has a timestamp more than 5 minutes old: a replayed event is refused" : "does not match the body and the webhook secret";
        throw ApiError.invalid([{ name: "Stripe-Signature", reason }]);
      }
      return { eventId: event.id, type: event.type, event: paymentEventOf(event) };
    },
    async retrievePayment(refs) {
      try {
        return await retrieveStripePayment(client, refs);
      } catch (error) {
        throw stripeProblem(error, "retrieve_payment");
      }
    },
    async cancelPayment(refs) {
      try {
        await cancelStripePayment(client, refs);
      } catch (error) {
        throw stripeProblem(error, "cancel_payment");
      }
    },
    async findPayment(intentId, frequency) {
      try {
        return await findStripePayment(client, intentId, frequency);
      } catch (error) {
        throw stripeProblem(error, "find_payment");
      }
    },
    check: () => checkStripe(client, settings.keyMode),
  };
}

/** A health answer is reused this long: monitors probe often, and Stripe's rate limit is the donations' too. */
const CHECK_TTL_MS = 30_000;
const checks = new WeakMap<Stripe, { at: number; result: Promise<ProviderCheck> }>();

function checkStripe(client: Stripe, mode: "test" | "live"): Promise<ProviderCheck> {
  const cached = checks.get(client);
  if (cached && Date.now() - cached.at < CHECK_TTL_MS) return cached.result;
  const result = client.balance.retrieve().then(
    (): ProviderCheck => ({ reachable: true, mode }),
    (error: unknown): ProviderCheck => ({ reachable: false, output: stripeProblem(error, "health_check").detail }),
  );
  checks.set(client, { at: Date.now(), result });
  return result;
}

function metadataOf(request: PaymentRequest): Record<string, string> {
  return { [INTENT_METADATA_KEY]: request.intentId, ngo: request.ngoSlug };
}

/** Our intent id is the idempotency key: a retried or repeated call returns the same PaymentIntent. */
async function payOnce(client: Stripe, request: PaymentRequest): Promise<Omit<PaymentCollection, "publishableKey">> {
  const intent = await client.paymentIntents.create(
    {
      amount: request.amount,
      currency: request.currency.toLowerCase(),
      automatic_payment_methods: { enabled: true },
      description: `Donation to ${request.ngoSlug}`,
      metadata: metadataOf(request),
      ...(request.donorEmail ? { receipt_email: request.donorEmail } : {}),
    },
    { idempotencyKey: request.intentId },
  );
  return { clientSecret: intent.client_secret, refs: { payment: intent.id, subscription: null, customer: null } };
}

/**
 * A monthly gift: a customer for the donor, then a subscription left incomplete until the widget
 * confirms its first invoice's payment (default_incomplete), whose client secret it gets.
 */
async function subscribe(client: Stripe, request: PaymentRequest): Promise<Omit<PaymentCollection, "publishableKey">> {
  const product = await donationProduct(client);
  const metadata = metadataOf(request);
  const customer = await client.customers.create(
    { ...(request.donorEmail ? { email: request.donorEmail } : {}), metadata },
    { idempotencyKey: `${request.intentId}-customer` },
  );
  const subscription = await client.subscriptions.create(
    {
      customer: customer.id,
      items: [{ price_data: { currency: request.currency.toLowerCase(), product, unit_amount: request.amount, recurring: { interval: "month" } } }],
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      metadata,
      expand: ["latest_invoice.confirmation_secret"],
    },
    { idempotencyKey: request.intentId },
  );
  const invoice = typeof subscription.latest_invoice === "object" ? subscription.latest_invoice : null;
  return {
    clientSecret: invoice?.confirmation_secret?.client_secret ?? null,
    refs: { payment: null, subscription: subscription.id, customer: customer.id },
  };
}
