// POST /api/v1/webhook-endpoints/{id}/redeliver — send one event, or every event since a time, again
import { keyed, route } from "@/lib/route/route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { readJsonBody } from "@/lib/http/read-json-body";
import { redeliver } from "@/lib/webhooks/redeliver";

export const dynamic = "force-dynamic";

export const POST = route({ access: keyed("admin"), emits: true }, async (request, { params }: { params: Promise<{ id: string }> }) => {
  const result = await redeliver((await params).id, await readJsonBody(request));
  return noStoreJson(result, 202);
});
