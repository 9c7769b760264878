// POST /api/v1/payments/{provider}/webhook's domain: a provider's signed event, verified, then
// applied once. The event's id is written in the same transaction as its effect and its outbox
// events, so a duplicate (the provider retries until it hears 2xx) finds it and changes nothing,
// and a failure midway leaves neither, for the provider's retry.
import { getPrisma } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { paymentProviderOf } from "@/lib/payments/payment-provider-of";
import { applyPaymentEvent } from "./apply-payment-event";

export type ReceivedWebhook = {
  /** applied, or why not: a duplicate of one applied before, or a type we do not act on. */
  outcome: "applied" | "duplicate" | "ignored";
};

export async function receiveProviderWebhook(providerId: string, rawBody: string, headers: Headers): Promise<ReceivedWebhook> {
  const provider = paymentProviderOf();
  if (provider.id !== providerId || !provider.parseWebhook) {
    throw new ApiError("not_found", `The registry's payment provider is ${provider.id}: it takes no ${providerId} webhooks.`);
  }
  const { eventId, type, event } = provider.parseWebhook(rawBody, headers);
  // Unknown types, and events about payments that are not ours, are acknowledged: the provider
  // would otherwise retry them for days.
  if (!event) return { outcome: "ignored" };
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx): Promise<ReceivedWebhook> => {
    const claimed = await tx.paymentProviderEvent.createManyAndReturn({ data: [{ provider: provider.id, eventId, type }], skipDuplicates: true });
    if (claimed.length === 0) return { outcome: "duplicate" };
    await applyPaymentEvent(tx, provider.id, event);
    return { outcome: "applied" };
  });
}
