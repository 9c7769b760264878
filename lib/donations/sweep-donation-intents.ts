import { getPrisma } from "@/lib/db";
import { settleIntents } from "./settle-intents";

/** Idempotency-Keys are kept at least 24 hours (and an hour more, for clocks and retries). */
const IDEMPOTENCY_RETENTION_MS = 25 * 3_600_000;

/** A provider retries an event for days (Stripe: 3); its id is kept well past that, for duplicates. */
const PROVIDER_EVENT_RETENTION_MS = 30 * 24 * 3_600_000;

/**
 * The dispatchers' periodic chore (worker, cron route, the embedded server's poller): settles
 * processing intents that are due, cancels expired ones, and forgets old Idempotency-Keys,
 * provider event ids and orphaned payments' rows.
 */
export async function sweepDonationIntents(now = new Date()): Promise<{ changed: number }> {
  const prisma = await getPrisma();
  const changed = await prisma.$transaction((tx) => settleIntents(tx, { now }));
  await prisma.idempotencyKey.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS) } } });
  await prisma.paymentProviderEvent.deleteMany({ where: { receivedAt: { lt: new Date(now.getTime() - PROVIDER_EVENT_RETENTION_MS) } } });
  // Reconciliation forgets each orphan it has dealt with; one it never could (the provider gone) goes with the event ids.
  await prisma.pendingProviderPayment.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - PROVIDER_EVENT_RETENTION_MS) } } });
  return { changed: changed.length };
}
