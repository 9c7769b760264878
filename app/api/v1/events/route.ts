// GET /api/v1/events — the event outbox, oldest first, for integrations catching up
import { apiRoute } from "@/lib/http/api-route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { parseQuery } from "@/lib/http/parse-query";
import { requireKey } from "@/lib/http/require-key";
import { listEventsQuerySchema } from "@/lib/webhooks/event-schemas";
import { listEvents } from "@/lib/webhooks/list-events";

export const dynamic = "force-dynamic";

export const GET = apiRoute(async (request) => {
  await requireKey(request);
  return noStoreJson(await listEvents(parseQuery(new URL(request.url).searchParams, listEventsQuerySchema)));
});
