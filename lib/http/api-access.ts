// What each API path asks of a request before its handler runs: the one table proxy.ts reads.
import type { Scope } from "@/lib/keys/schemas";

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
   * intent's client secret, the cron route's CRON_SECRET. Counted like anonymous
   * reads; any origin. */
  | { kind: "client_secret" };

// A pattern is a path prefix, matched as whole segments; `/*` matches only what lies below it.
const RULES: [pattern: string, access: ApiAccess][] = [
  ["/api/health/live", { kind: "live" }],
  ["/api/health", { kind: "health" }],
  ["/api/cron", { kind: "client_secret" }],
  ["/api/v1/keys", { kind: "keyed", scope: "admin" }],
  ["/api/v1/webhook-endpoints", { kind: "keyed", scope: "admin" }],
  ["/api/v1/events", { kind: "keyed", scope: "admin" }],
  ["/api/v1/donation-intents", { kind: "keyed", scope: "admin" }],
  ["/api/v1/embed/donation/intent/*", { kind: "client_secret" }],
  ["/api/v1/embed", { kind: "keyed", scope: "embed:write" }],
  ["/api/v1", { kind: "keyed", scope: "registry:write" }],
];

/** The access rule of a path: the first matching pattern wins. */
export function apiAccess(pathname: string): ApiAccess {
  for (const [pattern, access] of RULES) {
    if (pattern.endsWith("/*")) {
      if (pathname.startsWith(pattern.slice(0, -1))) return access;
    } else if (pathname === pattern || pathname.startsWith(`${pattern}/`)) return access;
  }
  return { kind: "read" };
}
