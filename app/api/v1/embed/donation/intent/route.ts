// POST /api/v1/embed/donation/intent — create a donation intent (publishable key from an allowed Origin, or the widget's embed session)
import { createDonationIntent, parseIdempotencyKey } from "@/lib/donations/create-donation-intent";
import { intentCallerOf } from "@/lib/donations/caller";
import { apiRoute } from "@/lib/http/api-route";
import { identifyRequest } from "@/lib/http/identify-request";
import { noStoreJson } from "@/lib/http/no-store-json";
import { readJsonBody } from "@/lib/http/read-json-body";
import { kickAfterResponse } from "@/lib/webhooks/kick-after-response";

export const dynamic = "force-dynamic";

export const POST = apiRoute(async (request) => {
  const caller = intentCallerOf(await identifyRequest(request));
  const idempotencyKey = parseIdempotencyKey(request.headers.get("idempotency-key"));
  const created = await createDonationIntent(caller, idempotencyKey, await readJsonBody(request));
  if (created.queuedDeliveries > 0) kickAfterResponse();
  return noStoreJson(created.body, created.status, created.replayed ? { "Idempotent-Replayed": "true" } : {});
});
