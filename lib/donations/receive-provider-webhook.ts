// POST /api/v1/payments/{provider}/webhook's domain: a provider's signed event, verified, then
// applied once. The event's id is written in the same transaction as its effect and its outbox
// events, so a duplicate (the provider retries until it hears 2xx) finds it and changes nothing,
// and a failure midway leaves neither, for the provider's retry.
import { ApiError } from "@/lib/errors/api-error";
import { paymentProviderOf } from "@/lib/payments/payment-provider-of";
import { applyProviderEventOnce } from "./apply-provider-event-once";

export type ReceivedWebhook = {
  /** applied, or why not: a duplicate of one applied before, or a type we do not act on. */
  outcome: "applied" | "duplicate" | "ignored";
};

export async function receiveProviderWebhook(providerId: string, rawBody: string, headers: Headers): Promise<ReceivedWebhook> {
  const provider = paymentProviderOf();
  if (provider.id !== providerId || !provider.parseWebhook) {
    throw new ApiError("not_found", `The registry's payment provider is ${provider.id}: it takes no ${providerId} webhooks.`);
  }
  const { type, event } = provider.parseWebhook(rawBody, headers);
  // Unknown types, and events about payments that are not ours, are acknowledged: the provider
  // would otherwise retry them for days.
  if (!event) return { outcome: "ignored" };
  return { outcome: (await applyProviderEventOnce(provider.id, type, event)) ? "applied" : "duplicate" };
}
