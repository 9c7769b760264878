// POST /api/v1/webhook-endpoints/{id}/redeliver — send one event, or every event since a time, again
import { apiRoute } from "@/lib/http/api-route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { readJsonBody } from "@/lib/http/read-json-body";
import { requireKey } from "@/lib/http/require-key";
import { kickAfterResponse } from "@/lib/webhooks/kick-after-response";
import { redeliver } from "@/lib/webhooks/redeliver";

export const dynamic = "force-dynamic";

export const POST = apiRoute(async (request, { params }: { params: Promise<{ id: string }> }) => {
  await requireKey(request);
  const result = await redeliver((await params).id, await readJsonBody(request));
  kickAfterResponse();
  return noStoreJson(result, 202);
});
