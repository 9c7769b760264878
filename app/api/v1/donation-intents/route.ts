// GET /api/v1/donation-intents — operators list donation intents, newest first (filters: ngo, status, created_after/before)
import { listIntentsQuerySchema } from "@/lib/donations/schemas";
import { listDonationIntents } from "@/lib/donations/list-donation-intents";
import { apiRoute } from "@/lib/http/api-route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { parseQuery } from "@/lib/http/parse-query";
import { requireKey } from "@/lib/http/require-key";

export const dynamic = "force-dynamic";

export const GET = apiRoute(async (request) => {
  await requireKey(request);
  return noStoreJson(await listDonationIntents(parseQuery(new URL(request.url).searchParams, listIntentsQuerySchema)));
});
