import { config } from "@/lib/config";
import { paymentProviderOf } from "@/lib/payments/payment-provider-of";
import { processWide } from "@/lib/process-wide";
import { reconcileDonationIntents } from "./reconcile-donation-intents";

/** At most this often per process: the provider's rate limit is the donations' too. */
const EVERY_MS = 60_000;
/** Intents asked about per pass, and the time after which a pass starts no new check. */
const BATCH = 20;
const BUDGET_MS = 5_000;

/**
 * The dispatchers' bounded reconcile pass (registered in lib/compose-process.ts), with a live
 * provider only: a batch of intents open past DONATION_RECONCILE_AFTER_SECONDS, at most once a
 * minute (or once per bound, when that is shorter) and for a few seconds, so that webhook
 * deliveries, which wait for the periodic jobs, are never held up long. True when it changed an intent.
 */
export async function reconcileSweep(now = new Date()): Promise<boolean> {
  if (!paymentProviderOf().retrievePayment) return false;
  const afterMs = config().donations.reconcileAfterMs;
  const state = processWide("donation-reconcile-sweep", () => ({ ranAt: 0 }));
  if (now.getTime() - state.ranAt < Math.min(EVERY_MS, afterMs)) return false;
  state.ranAt = now.getTime();
  const report = await reconcileDonationIntents({ olderThanMs: afterMs, limit: BATCH, budgetMs: BUDGET_MS, now });
  return report.changed > 0;
}
