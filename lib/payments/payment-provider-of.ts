import { config, type Config } from "@/lib/config";
import type { PaymentProvider } from "./payment-provider";
import { sandboxProvider } from "./sandbox-provider";
import { stripeProvider } from "./stripe/stripe-provider";

/** The configured provider (PAYMENTS_PROVIDER): the sandbox, the default, or Stripe. */
export function paymentProviderOf(settings: Config = config()): PaymentProvider {
  const stripe = settings.payments.stripe;
  if (settings.paymentsProvider === "stripe" && stripe) return stripeProvider(stripe);
  return sandboxProvider(settings.donations.sandboxSettleMs);
}
