// The methods each route answers, for the 405's Allow header: a request with another method is
// refused before Next runs (see methodNotAllowed). Route handlers are the source: the unit test
// route-methods.test.ts fails when this table and the exports of app/**/route.ts disagree. Every
// path not listed (pages, scripts, static files) answers GET only.

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

const patterns = Object.keys(ROUTE_METHODS).map((pattern) => ({ pattern, segments: pattern.split("/").slice(1) }));

/**
 * Every method a path answers, sorted: its route's exports, HEAD wherever GET is (Next answers it
 * with GET's handler) and OPTIONS everywhere (CORS preflights, Next's automatic answer).
 */
export function allowedMethods(pathname: string): string[] {
  const route = routeOf(pathname);
  const methods = new Set<string>([...(route ? ROUTE_METHODS[route]! : DEFAULT_METHODS), "OPTIONS"]);
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods].sort();
}

/** The route (a key of ROUTE_METHODS) that serves a path, or undefined for pages and files. */
export function routeOf(pathname: string): string | undefined {
  const segments = pathname.replace(/(.)\/+$/, "$1").split("/").slice(1);
  return patterns.filter((p) => matches(p.segments, segments)).sort((a, b) => specificity(b.segments) - specificity(a.segments))[0]?.pattern;
}

function matches(pattern: readonly string[], path: readonly string[]): boolean {
  const last = pattern.at(-1);
  if (last?.startsWith("[...")) {
    return path.length >= pattern.length && pattern.slice(0, -1).every((s, i) => s === path[i] || isDynamic(s));
  }
  return pattern.length === path.length && pattern.every((s, i) => s === path[i] || isDynamic(s));
}

// Static segments win over dynamic ones, and a catch-all matches last.
function specificity(pattern: readonly string[]): number {
  return pattern.reduce((sum, s) => sum + (s.startsWith("[...") ? 0 : isDynamic(s) ? 1 : 2), 0);
}

const isDynamic = (segment: string) => segment.startsWith("[") && segment.endsWith("]");
