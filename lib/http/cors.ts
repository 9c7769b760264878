// CORS for the API. Registry reads and health answer any origin (`*`, never with credentials:
// a key travels in Authorization, which the preflight allows by name). Keyed endpoints answer
// only the origins on the presented key's allowlist.
import type { ApiAccess } from "./api-access";

const READ_METHODS = "GET, HEAD, POST, OPTIONS";
const KEYED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
// Listed by name: `*` in Access-Control-Allow-Headers never covers Authorization.
const ALLOWED_HEADERS = "Authorization, Content-Type, If-None-Match, Idempotency-Key, Apollo-Require-Preflight, X-Apollo-Operation-Name";
const EXPOSED_HEADERS =
  "API-Version, ETag, Retry-After, RateLimit, RateLimit-Policy, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, WWW-Authenticate, Location";
const PREFLIGHT_MAX_AGE_SECONDS = "600";

/** Headers for an actual (non-preflight) response. `allowedOrigin`: the request's Origin, when
 * the key's allowlist admits it (keyed endpoints); ignored for public ones. */
export function corsHeaders(access: ApiAccess, allowedOrigin: string | null): Record<string, string> {
  if (access.kind !== "keyed") return { "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": EXPOSED_HEADERS };
  const headers: Record<string, string> = { Vary: "Origin" };
  if (allowedOrigin) {
    headers["Access-Control-Allow-Origin"] = allowedOrigin;
    headers["Access-Control-Expose-Headers"] = EXPOSED_HEADERS;
  }
  return headers;
}

/**
 * The answer to a preflight. It needs no key: browsers never send one on a preflight. For keyed
 * endpoints it cannot know the key yet, so it lets any web origin ask; the actual response then
 * carries Access-Control-Allow-Origin only for an origin on the key's allowlist, so a page on any
 * other origin can neither read the answer nor use the key (the request itself is a 403).
 */
export function preflightResponse(access: ApiAccess, origin: string | null): Response {
  const headers: Record<string, string> = {
    "Access-Control-Allow-Methods": access.kind === "keyed" ? KEYED_METHODS : READ_METHODS,
    "Access-Control-Allow-Headers": ALLOWED_HEADERS,
    "Access-Control-Max-Age": PREFLIGHT_MAX_AGE_SECONDS,
    "Cache-Control": "no-store",
  };
  if (access.kind !== "keyed") headers["Access-Control-Allow-Origin"] = "*";
  else {
    headers.Vary = "Origin";
    if (origin && /^https?:\/\/[^/]+$/i.test(origin)) headers["Access-Control-Allow-Origin"] = origin;
  }
  return new Response(null, { status: 204, headers });
}
