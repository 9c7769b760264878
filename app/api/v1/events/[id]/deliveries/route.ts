// GET /api/v1/events/{id}/deliveries — one event's deliveries to every endpoint, with their attempts
import { apiRoute } from "@/lib/http/api-route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { parseQuery } from "@/lib/http/parse-query";
import { requireKey } from "@/lib/http/require-key";
import { listDeliveriesQuerySchema } from "@/lib/webhooks/event-schemas";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";

export const dynamic = "force-dynamic";

export const GET = apiRoute(async (request, { params }: { params: Promise<{ id: string }> }) => {
  await requireKey(request);
  const query = parseQuery(new URL(request.url).searchParams, listDeliveriesQuerySchema);
  return noStoreJson(await listDeliveries({ eventId: (await params).id }, query));
});
