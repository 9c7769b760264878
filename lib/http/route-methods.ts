// The methods each route answers, for the 405's Allow header: a request with another method is
// refused before Next runs (see methodNotAllowed). Route handlers are the source: the unit test
// route-methods.test.ts fails when this table and the exports of app/**/route.ts disagree. Every
// path not listed (pages, scripts, static files) answers GET only.
import { matchRoute } from "./match-route";

export const ROUTE_METHODS: Readonly<Record<string, readonly string[]>> = {
  "/api/[...path]": ["DELETE", "GET", "PATCH", "POST", "PUT"],
  "/api/bench/constant": ["GET"],
  "/api/bench/passthrough": ["GET"],
  "/api/cron/webhooks": ["GET"],
  "/api/health": ["GET"],
  "/api/health/live": ["GET"],
  "/api/openapi.json": ["GET"],
  "/api/registry/graphql": ["GET", "POST"],
  "/api/registry/ngos": ["GET"],
  "/api/registry/ngos/[slug]": ["GET"],
  "/api/v1/donation-intents": ["GET"],
  "/api/v1/donation-intents/[id]": ["GET"],
  "/api/v1/embed/donation/intent": ["POST"],
  "/api/v1/embed/donation/intent/[id]": ["GET"],
  "/api/v1/embed/donation/intent/[id]/cancel": ["POST"],
  "/api/v1/embed/donation/intent/[id]/confirm": ["POST"],
  "/api/v1/events": ["GET"],
  "/api/v1/events/[id]/deliveries": ["GET"],
  "/api/v1/keys": ["GET", "POST"],
  "/api/v1/keys/[id]": ["DELETE", "GET"],
  "/api/v1/keys/[id]/rotate": ["POST"],
  "/api/v1/ngos": ["POST"],
  "/api/v1/ngos/[slug]": ["GET", "PATCH"],
  "/api/v1/ngos/[slug]/transitions": ["POST"],
  "/api/v1/webhook-endpoints": ["GET", "POST"],
  "/api/v1/webhook-endpoints/[id]": ["DELETE", "GET", "PATCH"],
  "/api/v1/webhook-endpoints/[id]/deliveries": ["GET"],
  "/api/v1/webhook-endpoints/[id]/redeliver": ["POST"],
  "/api/v1/webhook-endpoints/[id]/rotate-secret": ["POST"],
  "/public/api/registry/graphql": ["GET", "POST"],
};

const DEFAULT_METHODS = ["GET"] as const;

const PATTERNS = Object.keys(ROUTE_METHODS);

/**
 * Every method a path answers, sorted: its route's exports, HEAD wherever GET is (Next answers it
 * with GET's handler) and OPTIONS everywhere (CORS preflights, Next's automatic answer).
 */
export function allowedMethods(pathname: string): string[] {
  const match = matchRoute(pathname, PATTERNS);
  const methods = new Set<string>([...(match ? ROUTE_METHODS[match]! : DEFAULT_METHODS), "OPTIONS"]);
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods].sort();
}
