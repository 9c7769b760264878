import { config, type Config } from "@/lib/config";
import { paymentProviderOf } from "@/lib/payments/payment-provider-of";
import type { CheckOutcome } from "./types";

/**
 * Whether the payment provider runs in sandbox mode: expected anywhere but production (a
 * configured database under NODE_ENV=production), where sandbox mode means no donation is charged.
 */
export async function checkSandbox(settings: Config = config()): Promise<CheckOutcome> {
  const sandbox = paymentProviderOf(settings).mode === "sandbox";
  if (sandbox && settings.isProduction) {
    return { status: "warn", observedValue: true, output: "sandbox mode with a production database: donations are not charged" };
  }
  return { status: "pass", observedValue: sandbox };
}
