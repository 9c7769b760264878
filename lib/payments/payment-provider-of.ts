import { config, type Config } from "@/lib/config";
import type { PaymentProvider } from "./payment-provider";
import { sandboxProvider } from "./sandbox-provider";

/** The configured provider (PAYMENTS_PROVIDER; sandbox, the default, is the only one shipped). */
export function paymentProviderOf(settings: Config = config()): PaymentProvider {
  switch (settings.paymentsProvider) {
    case "sandbox":
      return sandboxProvider(settings.donations.sandboxSettleMs);
  }
}
