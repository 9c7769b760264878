// Reconciliation: a live provider's webhook may never come (an outage, a misconfigured endpoint),
// so intents still open long after their creation are checked at the provider and its state is
// applied through the webhooks' own path (applyProviderEventOnce: one transaction with the outbox,
// conditional updates), so a reconcile racing a late webhook is harmless. An intent that expired
// here while its payment is still open at the provider is canceled there, and so is a payment the
// provider made for an intent never written here (an orphan: find-orphan-payments.ts). Run by
// `npm run cli -- donations reconcile` and, a batch at a time, by the dispatchers (reconcile-sweep.ts).
import { getPrisma } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import type { PaymentProvider } from "@/lib/payments/payment-provider";
import { paymentProviderOf } from "@/lib/payments/payment-provider-of";
import { applyProviderEventOnce } from "./apply-provider-event-once";
import { cancelOrphanPayment, type CanceledOrphan } from "./cancel-orphan-payment";
import { findOrphanPayments } from "./find-orphan-payments";
import { expiredMarker, findIntentsToReconcile, type IntentToReconcile } from "./find-intents-to-reconcile";

export type ReconcileOptions = {
  /** Only intents created at least this long ago: younger ones' webhooks are still expected. */
  olderThanMs: number;
  limit: number;
  /** Ask the provider, change nothing. */
  dryRun?: boolean;
  /** Stop starting new checks after this long (the dispatchers' sweep must not hold them up). */
  budgetMs?: number;
  now?: Date;
};

export type ReconciledIntent = {
  id: string;
  status_before: string;
  /** The state after (in a dry run, still the one before). */
  status: string;
  /** What the provider's state implies (its events' kinds), applied or, in a dry run, not. */
  provider_events: string[];
  canceled_at_provider: boolean;
  error: string | null;
};

const MAX_FAILURES_IN_A_ROW = 3;

type Retrieve = NonNullable<PaymentProvider["retrievePayment"]>;

export type ReconcileReport = {
  provider: string;
  dry_run: boolean;
  checked: number;
  changed: number;
  errors: number;
  intents: ReconciledIntent[];
  /** Payments the provider made for intents never written here, canceled there (cancel-orphan-payment.ts). */
  orphans: CanceledOrphan[];
};

type Outcome = { changed: boolean; error: string | null };

export async function reconcileDonationIntents(options: ReconcileOptions): Promise<ReconcileReport> {
  const { limit, dryRun = false, now = new Date() } = options;
  const provider = paymentProviderOf();
  const report: ReconcileReport = { provider: provider.id, dry_run: dryRun, checked: 0, changed: 0, errors: 0, intents: [], orphans: [] };
  const retrieve = provider.retrievePayment?.bind(provider);
  if (!retrieve) return report;
  const candidates = await findIntentsToReconcile(provider.id, { olderThanMs: options.olderThanMs, limit, now });
  const orphans = provider.findPayment ? await findOrphanPayments(provider.id, { olderThanMs: options.olderThanMs, limit, now }) : [];
  const checks = [
    ...candidates.map((intent) => async (): Promise<Outcome> => {
      const result = await reconcileOne(provider, retrieve, intent, dryRun);
      report.intents.push(result);
      return { changed: result.status !== result.status_before || result.canceled_at_provider, error: result.error };
    }),
    ...orphans.map((orphan) => async (): Promise<Outcome> => {
      const result = await cancelOrphanPayment(provider, orphan, { dryRun, now });
      report.orphans.push(result);
      return { changed: result.canceled_at_provider, error: result.error };
    }),
  ];
  const started = Date.now();
  let failedInARow = 0;
  for (const check of checks) {
    if (options.budgetMs !== undefined && Date.now() - started > options.budgetMs) break;
    const { changed, error } = await check();
    report.checked += 1;
    if (error) report.errors += 1;
    if (changed) report.changed += 1;
    // One intent the provider refuses (an object it no longer knows) must not stop the others; a
    // run of refusals means it is busy or unreachable, and the next run goes on rather than this one pressing it.
    failedInARow = error ? failedInARow + 1 : 0;
    if (failedInARow >= MAX_FAILURES_IN_A_ROW) break;
  }
  return report;
}

async function reconcileOne(provider: PaymentProvider, retrieve: Retrieve, intent: IntentToReconcile, dryRun: boolean): Promise<ReconciledIntent> {
  const result: ReconciledIntent = { id: intent.id, status_before: intent.status, status: intent.status, provider_events: [], canceled_at_provider: false, error: null };
  const refs = { intentId: intent.id, payment: intent.providerPaymentId, subscription: intent.providerSubscriptionId };
  const expiredHere = intent.status === "canceled" && intent.cancellationReason === "expired";
  try {
    const retrieved = await retrieve(refs);
    result.provider_events = retrieved.events.map((e) => e.kind);
    if (dryRun) return { ...result, canceled_at_provider: expiredHere && retrieved.open };
    for (const event of retrieved.events) await applyProviderEventOnce(provider.id, `reconciled.${event.kind}`, event);
    if (expiredHere && retrieved.open && provider.cancelPayment) {
      await provider.cancelPayment(refs);
      result.canceled_at_provider = true;
    }
    if (expiredHere) await markExpiredSettled(provider.id, intent.id);
    const prisma = await getPrisma();
    result.status = (await prisma.donationIntent.findUniqueOrThrow({ where: { id: intent.id }, select: { status: true } })).status;
  } catch (error) {
    // The provider's errors are logged where they are mapped (stripe-problem.ts), without secrets.
    result.error = error instanceof ApiError ? error.code : "unexpected_error";
    if (!(error instanceof ApiError)) throw error;
  }
  return result;
}

/** An expired intent's payment has ended at the provider (or just been made to): never asked about again. */
async function markExpiredSettled(provider: string, intentId: string): Promise<void> {
  const prisma = await getPrisma();
  await prisma.paymentProviderEvent.createMany({ data: [{ provider, eventId: expiredMarker(intentId), type: "reconciled.expired" }], skipDuplicates: true });
}
