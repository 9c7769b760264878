// The donor cancels a monthly gift with the link from its confirmation (gift-cancel-token.ts): the
// token is the capability, so no account and no cookie, and a forged form elsewhere cannot act
// without it. The subscription is canceled at the provider first (Stripe: keyed by our intent id,
// so a repeated call is one), then one conditional UPDATE ends the gift here with its
// donation_subscription.canceled event: a second cancel, or the provider's webhook that follows,
// finds it canceled and records nothing more.
import { getPrisma } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { recordEvent } from "@/lib/events/record-event";
import { paymentProviderOf } from "@/lib/payments/payment-provider-of";
import { findGiftForCancel, giftViewOf } from "./find-gift-for-cancel";
import type { GiftView } from "./schemas";
import { intentSelect } from "./intent-record";
import { subscriptionEvent } from "./subscription-event";

export async function cancelMonthlyGift(token: string): Promise<{ gift: GiftView; changed: boolean }> {
  const prisma = await getPrisma();
  const { row, gift } = await prisma.$transaction((tx) => findGiftForCancel(tx, token));
  if (gift.state === "canceled") return { gift, changed: false };
  const provider = paymentProviderOf();
  if (row.providerSubscriptionId) {
    if (provider.id !== row.provider || !provider.cancelPayment) {
      throw new ApiError("payment_provider_unavailable", "The gift's payment provider is not the one configured now: the NGO can cancel it for you.");
    }
    await provider.cancelPayment({ intentId: row.id, payment: null, subscription: row.providerSubscriptionId });
  }
  return prisma.$transaction(async (tx) => {
    const [ended] = await tx.donationIntent.updateManyAndReturn({
      where: { id: row.id, OR: [{ subscriptionStatus: "active" }, { subscriptionStatus: null, providerSubscriptionId: null, status: "succeeded", frequency: "monthly" }] },
      data: { subscriptionStatus: "canceled", updatedAt: new Date() },
      select: intentSelect,
    });
    if (!ended) return { gift: { ...gift, state: "canceled" as const }, changed: false };
    await recordEvent(tx, subscriptionEvent("donation_subscription.canceled", ended, null));
    return { gift: giftViewOf(ended, "canceled"), changed: true };
  });
}
