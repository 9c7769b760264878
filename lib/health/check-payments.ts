import { config, type Config } from "@/lib/config";
import { paymentProviderOf } from "@/lib/payments/payment-provider-of";
import type { CheckOutcome } from "./types";

/**
 * The configured payment provider and its mode: sandbox, or a live provider's test or live mode
 * once it has answered (Stripe: its balance, the cheapest authenticated call). A provider that does
 * not answer, or refuses the key, fails the check: no donation can be taken.
 */
export async function checkPayments(settings: Config = config()): Promise<CheckOutcome> {
  const provider = paymentProviderOf(settings);
  const checked = await provider.check();
  if (!checked.reachable) return { status: "fail", componentId: provider.id, output: checked.output };
  return { status: "pass", componentId: provider.id, observedValue: checked.mode };
}
