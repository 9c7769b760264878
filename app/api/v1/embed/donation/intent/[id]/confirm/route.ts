// POST /api/v1/embed/donation/intent/{id}/confirm — pay an intent with a (sandbox test) card
import { confirmDonationIntent } from "@/lib/donations/confirm-donation-intent";
import { apiRoute } from "@/lib/http/api-route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { readJsonBody } from "@/lib/http/read-json-body";
import { kickAfterResponse } from "@/lib/webhooks/kick-after-response";

export const dynamic = "force-dynamic";

export const POST = apiRoute<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const intent = await confirmDonationIntent((await params).id, await readJsonBody(request));
  kickAfterResponse();
  return noStoreJson(intent);
});
