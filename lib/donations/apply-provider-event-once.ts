import { getPrisma } from "@/lib/db";
import type { PaymentEvent } from "@/lib/payments/payment-provider";
import { applyPaymentEvent } from "./apply-payment-event";

/**
 * Applies a provider's event unless its id was applied before: the id is written in the same
 * transaction as the event's effect and its outbox events, so a duplicate changes nothing and a
 * failure midway leaves neither. Webhooks and reconciliation both come through here. False for a duplicate.
 */
export async function applyProviderEventOnce(provider: string, type: string, event: PaymentEvent): Promise<boolean> {
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    const claimed = await tx.paymentProviderEvent.createManyAndReturn({ data: [{ provider, eventId: event.eventId, type }], skipDuplicates: true });
    if (claimed.length === 0) return false;
    await applyPaymentEvent(tx, provider, event);
    return true;
  });
}
