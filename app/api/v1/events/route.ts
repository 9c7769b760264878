// GET /api/v1/events — the event outbox, oldest first, for integrations catching up
import { keyed, route } from "@/lib/route/route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { parseQuery } from "@/lib/http/parse-query";
import { listEventsQuerySchema } from "@/lib/webhooks/event-schemas";
import { listEvents } from "@/lib/webhooks/list-events";

export const dynamic = "force-dynamic";

export const GET = route({ access: keyed("admin") }, async (request) => {
  return noStoreJson(await listEvents(parseQuery(new URL(request.url).searchParams, listEventsQuerySchema)));
});
