// GET /api/v1/donation-intents — operators list donation intents, newest first (filters: ngo, status, created_after/before)
import { listIntentsQuerySchema } from "@/lib/donations/schemas";
import { listDonationIntents } from "@/lib/donations/list-donation-intents";
import { keyed, route } from "@/lib/route/route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { parseQuery } from "@/lib/http/parse-query";

export const dynamic = "force-dynamic";

export const GET = route({ access: keyed("admin") }, async (request) => {
  return noStoreJson(await listDonationIntents(parseQuery(new URL(request.url).searchParams, listIntentsQuerySchema)));
});
