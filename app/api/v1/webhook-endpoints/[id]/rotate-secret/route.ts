// POST /api/v1/webhook-endpoints/{id}/rotate-secret — a new signing secret (shown once); the old one signs too until the overlap ends
import { keyed, route } from "@/lib/route/route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { readJsonBody } from "@/lib/http/read-json-body";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";

export const dynamic = "force-dynamic";

export const POST = route({ access: keyed("admin") }, async (request, { params }: { params: Promise<{ id: string }> }) => {
  const body = request.headers.get("content-type") ? await readJsonBody(request) : {};
  const { record, secret } = await rotateWebhookSecret((await params).id, body);
  return noStoreJson({ data: record, secret });
});
