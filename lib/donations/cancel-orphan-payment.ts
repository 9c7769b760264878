import { getPrisma } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import type { PaymentProvider } from "@/lib/payments/payment-provider";
import type { OrphanPayment } from "./find-orphan-payments";

export type CanceledOrphan = {
  /** Our intent id, never written here: the payment's metadata at the provider. */
  id: string;
  found_at_provider: boolean;
  canceled_at_provider: boolean;
  error: string | null;
};

/**
 * The provider's search lags its API (Stripe: under a minute): a payment not found is looked for
 * again until its row is this old, then forgotten (the create call never reached the provider).
 */
const SEARCH_LAG_MS = 10 * 60_000;

/**
 * Finds an orphan's payment at the provider and cancels it there if still open: no donor ever got
 * its client secret, so nobody can pay it, and left open it would stay in the NGO platform's
 * dashboard for good. Then the row is forgotten. Idempotent: the cancel is keyed by the intent id.
 */
export async function cancelOrphanPayment(provider: PaymentProvider, orphan: OrphanPayment, { dryRun, now }: { dryRun: boolean; now: Date }): Promise<CanceledOrphan> {
  const result: CanceledOrphan = { id: orphan.intentId, found_at_provider: false, canceled_at_provider: false, error: null };
  if (!provider.findPayment) return result;
  try {
    const found = await provider.findPayment(orphan.intentId, orphan.frequency);
    result.found_at_provider = found !== null;
    if (dryRun) return { ...result, canceled_at_provider: found?.open ?? false };
    if (found?.open && provider.cancelPayment) {
      await provider.cancelPayment(found.refs);
      result.canceled_at_provider = true;
    }
    if (found || now.getTime() - orphan.createdAt.getTime() >= SEARCH_LAG_MS) {
      const prisma = await getPrisma();
      await prisma.pendingProviderPayment.deleteMany({ where: { intentId: orphan.intentId } });
    }
  } catch (error) {
    // The provider's errors are logged where they are mapped, without secrets.
    if (!(error instanceof ApiError)) throw error;
    result.error = error.code;
  }
  return result;
}
