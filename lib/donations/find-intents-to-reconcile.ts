// The intents reconciliation asks the provider about: those still open here well after their
// creation (their webhook may never have come), and those that expired here while their payment
// may still be open at the provider (to be canceled there). A live provider's only: the sandbox
// has no webhooks to miss.
import { getPrisma, Prisma } from "@/lib/db";

export type IntentToReconcile = {
  id: string;
  status: string;
  cancellationReason: string | null;
  providerPaymentId: string | null;
  providerSubscriptionId: string | null;
};

/** How far back an expired intent is still canceled at the provider. */
const EXPIRED_WINDOW_MS = 7 * 24 * 3_600_000;

/** The marker (a provider event id) that an expired intent's payment was seen to or made end at the provider. */
export const expiredMarker = (intentId: string) => `expired:${intentId}`;

export async function findIntentsToReconcile(provider: string, { olderThanMs, limit, now }: { olderThanMs: number; limit: number; now: Date }): Promise<IntentToReconcile[]> {
  const prisma = await getPrisma();
  const select = { id: true, status: true, cancellationReason: true, providerPaymentId: true, providerSubscriptionId: true } as const;
  // processing first ("processing" sorts before "requires_payment_method"): money is on its way there.
  const stuck = await prisma.donationIntent.findMany({
    where: { provider, status: { in: ["processing", "requires_payment_method"] }, createdAt: { lte: new Date(now.getTime() - olderThanMs) } },
    orderBy: [{ status: "asc" }, { createdAt: "asc" }],
    take: limit,
    select,
  });
  if (stuck.length >= limit) return stuck;
  const expired = await prisma.$queryRaw<{ id: string }[]>(Prisma.sql`
    SELECT i.id FROM donation_intents i
    WHERE i.provider = ${provider} AND i.status = 'canceled' AND i.cancellation_reason = 'expired'
      AND i.expires_at >= ${new Date(now.getTime() - EXPIRED_WINDOW_MS)}
      AND (i.provider_payment_id IS NOT NULL OR i.provider_subscription_id IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM payment_provider_events e WHERE e.provider = i.provider AND e.event_id = 'expired:' || i.id)
    ORDER BY i.expires_at LIMIT ${limit - stuck.length}`);
  if (expired.length === 0) return stuck;
  const rows = await prisma.donationIntent.findMany({ where: { id: { in: expired.map((r) => r.id) } }, orderBy: { expiresAt: "asc" }, select });
  return [...stuck, ...rows];
}
