// GET /api/v1/events/{id}/deliveries — one event's deliveries to every endpoint, with their attempts
import { keyed, route } from "@/lib/route/route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { parseQuery } from "@/lib/http/parse-query";
import { listDeliveriesQuerySchema } from "@/lib/webhooks/event-schemas";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";

export const dynamic = "force-dynamic";

export const GET = route({ access: keyed("admin") }, async (request, { params }: { params: Promise<{ id: string }> }) => {
  const query = parseQuery(new URL(request.url).searchParams, listDeliveriesQuerySchema);
  return noStoreJson(await listDeliveries({ eventId: (await params).id }, query));
});
