import { config, type Config } from "@/lib/config";
import type { CheckOutcome } from "./types";

/** The configured payment provider. The built-in sandbox has no remote side, so it is always up. */
export async function checkPayments(settings: Config = config()): Promise<CheckOutcome> {
  return { status: "pass", componentId: settings.paymentsProvider, observedValue: settings.paymentsProvider };
}
