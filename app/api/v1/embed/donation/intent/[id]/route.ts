// GET /api/v1/embed/donation/intent/{id}?client_secret=… — follow an intent (the client secret is the capability)
import { z } from "zod";
import { getDonationIntent } from "@/lib/donations/get-donation-intent";
import { apiRoute } from "@/lib/http/api-route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { parseQuery } from "@/lib/http/parse-query";
import { kickAfterResponse } from "@/lib/webhooks/kick-after-response";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const { client_secret } = parseQuery(new URL(request.url).searchParams, z.object({ client_secret: z.string().min(1).max(200) }));
  const intent = await getDonationIntent((await params).id, client_secret);
  kickAfterResponse();
  return noStoreJson(intent);
});
