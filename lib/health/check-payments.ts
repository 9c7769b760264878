import { config, type Config } from "@/lib/config";
import { paymentProviderOf } from "@/lib/payments/payment-provider-of";
import type { CheckOutcome } from "./types";

/**
 * The configured payment provider and its mode. The built-in sandbox has no remote side, so it
 * is always up; a real provider would report its reachability here.
 */
export async function checkPayments(settings: Config = config()): Promise<CheckOutcome> {
  const provider = paymentProviderOf(settings);
  return { status: "pass", componentId: provider.id, observedValue: provider.mode };
}
