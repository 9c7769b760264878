// POST /api/v1/embed/donation/intent/{id}/cancel — the donor cancels an intent not yet paid
import { cancelDonationIntent } from "@/lib/donations/cancel-donation-intent";
import { apiRoute } from "@/lib/http/api-route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { readJsonBody } from "@/lib/http/read-json-body";
import { kickAfterResponse } from "@/lib/webhooks/kick-after-response";

export const dynamic = "force-dynamic";

export const POST = apiRoute<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const intent = await cancelDonationIntent((await params).id, await readJsonBody(request));
  kickAfterResponse();
  return noStoreJson(intent);
});
