import Stripe from "stripe";
import type { StripeSettings } from "@/lib/config-payments";

const clients = new WeakMap<StripeSettings, Stripe>();

/**
 * One SDK client per configuration. One retry on a network error or a 5xx (the SDK repeats the
 * request with the same idempotency key, so a retry never makes a second payment); the host,
 * port and protocol come from STRIPE_API_BASE only in tests (a local fake of the API).
 */
export function stripeClient(settings: StripeSettings): Stripe {
  let client = clients.get(settings);
  if (!client) {
    client = new Stripe(settings.secretKey, {
      maxNetworkRetries: 1,
      timeout: settings.timeoutMs,
      telemetry: false,
      appInfo: { name: "trust-registry" },
      ...settings.api,
    });
    clients.set(settings, client);
  }
  return client;
}
