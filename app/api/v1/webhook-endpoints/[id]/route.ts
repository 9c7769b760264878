// GET, PATCH, DELETE /api/v1/webhook-endpoints/{id} — one endpoint, changing it, removing it
import { apiRoute } from "@/lib/http/api-route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { readJsonBody } from "@/lib/http/read-json-body";
import { requireKey } from "@/lib/http/require-key";
import { deleteWebhookEndpoint } from "@/lib/webhooks/delete-webhook-endpoint";
import { toEndpointRecord } from "@/lib/webhooks/endpoint-record";
import { getWebhookEndpointOrThrow } from "@/lib/webhooks/get-webhook-endpoint";
import { kickAfterResponse } from "@/lib/webhooks/kick-after-response";
import { updateWebhookEndpoint } from "@/lib/webhooks/update-webhook-endpoint";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

export const GET = apiRoute(async (request, { params }: Context) => {
  await requireKey(request);
  return noStoreJson({ data: toEndpointRecord(await getWebhookEndpointOrThrow((await params).id)) });
});

export const PATCH = apiRoute(async (request, { params }: Context) => {
  await requireKey(request);
  const { record, pendingDeliveries } = await updateWebhookEndpoint((await params).id, await readJsonBody(request));
  // Re-enabled with deliveries waiting (queued while it was disabled): send them now.
  if (record.enabled && pendingDeliveries > 0) kickAfterResponse();
  return noStoreJson({ data: record, pending_deliveries: pendingDeliveries });
});

export const DELETE = apiRoute(async (request, { params }: Context) => {
  await requireKey(request);
  await deleteWebhookEndpoint((await params).id);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});
