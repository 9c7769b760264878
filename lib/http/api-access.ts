// What each API path asks of a request before its handler runs: the one table proxy.ts reads.
import type { Scope } from "@/lib/keys/schemas";

export type ApiAccess =
  /** Registry reads (and anything else public): no key needed; a valid key with registry:read
   * lifts the tier and the limit, a bad one is a 401. Any origin may read. */
  | { kind: "read" }
  /** The health probe: no key, a generous bucket of its own, any origin. */
  | { kind: "health" }
  /** Write and embed endpoints: a key with `scope`, used from an origin on its allowlist. */
  | { kind: "keyed"; scope: Scope };

const RULES: [prefix: string, access: ApiAccess][] = [
  ["/api/health", { kind: "health" }],
  ["/api/v1/keys", { kind: "keyed", scope: "admin" }],
  ["/api/v1/webhook-endpoints", { kind: "keyed", scope: "admin" }],
  ["/api/v1/embed", { kind: "keyed", scope: "embed:write" }],
  ["/api/v1", { kind: "keyed", scope: "registry:write" }],
];

/** The access rule of a path; the first matching prefix (as a whole path segment) wins. */
export function apiAccess(pathname: string): ApiAccess {
  for (const [prefix, access] of RULES) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return access;
  }
  return { kind: "read" };
}
