// GET /api/v1/webhook-endpoints/{id}/deliveries — the endpoint's delivery log, newest first
import { keyed, route } from "@/lib/route/route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { parseQuery } from "@/lib/http/parse-query";
import { listDeliveriesQuerySchema } from "@/lib/webhooks/event-schemas";
import { getWebhookEndpointOrThrow } from "@/lib/webhooks/get-webhook-endpoint";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";

export const dynamic = "force-dynamic";

export const GET = route({ access: keyed("admin") }, async (request, { params }: { params: Promise<{ id: string }> }) => {
  const query = parseQuery(new URL(request.url).searchParams, listDeliveriesQuerySchema);
  const endpoint = await getWebhookEndpointOrThrow((await params).id);
  return noStoreJson(await listDeliveries({ endpointId: endpoint.id }, query));
});
