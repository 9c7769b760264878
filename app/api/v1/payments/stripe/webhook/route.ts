// POST /api/v1/payments/stripe/webhook — Stripe's events about our donations, signed by Stripe
import { receiveProviderWebhook } from "@/lib/donations/receive-provider-webhook";
import { noStoreJson } from "@/lib/http/no-store-json";
import { readRawBody } from "@/lib/http/read-raw-body";
import { route } from "@/lib/route/route";

export const dynamic = "force-dynamic";

/** Stripe's events stay well under this; the signature is checked over the raw bytes. */
const MAX_EVENT_BYTES = 512 * 1024;

export const POST = route({ access: "signed_webhook", emits: true }, async (request) => {
  const received = await receiveProviderWebhook("stripe", await readRawBody(request, MAX_EVENT_BYTES), request.headers);
  return noStoreJson({ received: true, outcome: received.outcome });
});
