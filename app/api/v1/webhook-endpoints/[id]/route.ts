// GET, PATCH, DELETE /api/v1/webhook-endpoints/{id} — one endpoint, changing it, removing it
import { keyed, route } from "@/lib/route/route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { readJsonBody } from "@/lib/http/read-json-body";
import { deleteWebhookEndpoint } from "@/lib/webhooks/delete-webhook-endpoint";
import { toEndpointRecord } from "@/lib/webhooks/endpoint-record";
import { getWebhookEndpointOrThrow } from "@/lib/webhooks/get-webhook-endpoint";
import { updateWebhookEndpoint } from "@/lib/webhooks/update-webhook-endpoint";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

export const GET = route({ access: keyed("admin") }, async (request, { params }: Context) => {
  return noStoreJson({ data: toEndpointRecord(await getWebhookEndpointOrThrow((await params).id)) });
});

// Emits: re-enabled with deliveries waiting (queued while it was disabled), they go at once.
export const PATCH = route({ access: keyed("admin"), emits: true }, async (request, { params }: Context) => {
  const { record, pendingDeliveries } = await updateWebhookEndpoint((await params).id, await readJsonBody(request));
  return noStoreJson({ data: record, pending_deliveries: pendingDeliveries });
});

export const DELETE = route({ access: keyed("admin") }, async (request, { params }: Context) => {
  await deleteWebhookEndpoint((await params).id);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});
