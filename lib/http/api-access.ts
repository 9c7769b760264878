// What an API route asks of a request before its handler runs. Each handler declares it where it
// is defined (route.ts); proxy.ts reads the same declarations from the generated route manifest.
import type { Scope } from "@/lib/keys/schemas";
import { matchRoute } from "./match-route";
import { ROUTE_MANIFEST } from "./route-manifest";

export type ApiAccess =
  /** Registry reads (and anything else public): no key needed; a valid key with registry:read
   * lifts the tier and the limit, a bad one is a 401. Any origin may read. */
  | { kind: "read" }
  /** The readiness probe: no key, a generous bucket of its own, any origin. */
  | { kind: "health" }
  /** Liveness: no key and never rate limited, so an orchestrator never restarts a healthy app
   * because some client was busy. It touches no dependency, so it costs nothing to serve. */
  | { kind: "live" }
  /** Write and embed endpoints: a key with `scope`, used from an origin on its allowlist. */
  | { kind: "keyed"; scope: Scope }
  /** No API key: a secret in the request is the capability, checked by the handler — a donation
   * intent's client secret, the cron route's CRON_SECRET. Counted like anonymous reads; any origin. */
  | { kind: "client_secret" };

const PUBLIC: ApiAccess = { kind: "read" };
const PATTERNS = Object.keys(ROUTE_MANIFEST);

/**
 * The access a request to `pathname` with `method` meets: its route's declaration for that method
 * (HEAD is GET's). A preflight passes the method it asks about; any other method the route does
 * not define (a plain OPTIONS) gets GET's rule, else the route's first. A path no route serves is
 * public: Next answers it with a 404.
 */
export function apiAccess(pathname: string, method: string): ApiAccess {
  const pattern = matchRoute(pathname, PATTERNS);
  if (!pattern) return PUBLIC;
  const declared = ROUTE_MANIFEST[pattern]!;
  const access = declared[method === "HEAD" ? "GET" : method] ?? declared.GET ?? Object.values(declared)[0];
  return access ?? PUBLIC;
}
