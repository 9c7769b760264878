import { config, type Config } from "@/lib/config";
import type { CheckOutcome } from "./types";

/** Whether sandbox mode is on: expected anywhere but production, where no real money would move. */
export async function checkSandbox(settings: Config = config()): Promise<CheckOutcome> {
  const sandbox = settings.paymentsProvider === "sandbox";
  if (sandbox && settings.isProduction) {
    return { status: "warn", observedValue: true, output: "sandbox mode in production: donations are not charged" };
  }
  return { status: "pass", observedValue: sandbox };
}
