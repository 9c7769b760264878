import { getPrisma, Prisma } from "@/lib/db";
import type { PaymentEvent } from "@/lib/payments/payment-provider";
import { applyPaymentEvent } from "./apply-payment-event";

/**
 * Applies a provider's event unless its id was applied before: the id is written in the same
 * transaction as the event's effect and its outbox events, so a duplicate changes nothing and a
 * failure midway leaves neither. Webhooks and reconciliation both come through here. False for a duplicate.
 *
 * Events about one gift are applied one at a time, in the order they take its lock, before the
 * transaction writes anything. The events API lists our events in the order of the transaction
 * ids that wrote them, and PostgreSQL hands out a transaction id at a transaction's first write:
 * without the lock, a refund of 1,100 that claimed its event id first but waited for the row
 * behind a refund of 700 would be listed before it, and a reader would end at 700.
 */
export async function applyProviderEventOnce(provider: string, type: string, event: PaymentEvent): Promise<boolean> {
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    await lockGift(tx, provider, event);
    const claimed = await tx.paymentProviderEvent.createManyAndReturn({ data: [{ provider, eventId: event.eventId, type }], skipDuplicates: true });
    if (claimed.length === 0) return false;
    await applyPaymentEvent(tx, provider, event);
    return true;
  });
}

/**
 * A transaction-scoped advisory lock on the gift's intent id (a refund or a dispute names only the
 * provider's payment: its intent is looked up, a read that writes nothing). A payment we do not
 * know is locked by its own id. A hash collision only makes two gifts wait for each other.
 */
async function lockGift(tx: Prisma.TransactionClient, provider: string, event: PaymentEvent): Promise<void> {
  const gift =
    "intentId" in event
      ? Prisma.sql`${event.intentId}`
      : Prisma.sql`coalesce(
          (SELECT id FROM donation_intents WHERE provider = ${provider} AND provider_payment_id = ${event.paymentRef} LIMIT 1),
          (SELECT p.intent_id FROM donation_payments p JOIN donation_intents i ON i.id = p.intent_id
            WHERE i.provider = ${provider} AND p.provider_payment_id = ${event.paymentRef} LIMIT 1),
          ${`${provider}:${event.paymentRef}`})`;
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtextextended('donation-gift:' || ${gift}, 0))::text`;
}
