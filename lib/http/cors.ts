// CORS for the API. Registry reads and health answer any origin (`*`, never with credentials:
// a key travels in Authorization, which the preflight allows by name). Keyed endpoints answer
// only the origins on the presented key's allowlist: a key without one (a secret key for
// servers) allows no browser origin at all.
import { isOriginAllowed } from "@/lib/keys/is-origin-allowed";
import { keyOriginsFor } from "@/lib/keys/key-origins-cache";
import type { ApiAccess } from "./api-access-rule";

const READ_METHODS = "GET, HEAD, POST, OPTIONS";
const KEYED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
// Listed by name: `*` in Access-Control-Allow-Headers never covers Authorization.
const ALLOWED_HEADERS = "Authorization, Content-Type, If-None-Match, Idempotency-Key, Apollo-Require-Preflight, X-Apollo-Operation-Name";
const EXPOSED_HEADERS =
  "API-Version, ETag, Retry-After, RateLimit, RateLimit-Policy, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, WWW-Authenticate, Location, Deprecation, Sunset, Link";
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
 * The answer to a preflight. It carries no key (browsers never send one on a preflight), so it
 * cannot know which key will come; what it can know is whether any active key with the endpoint's
 * scope lists the origin. Only then does it allow the origin: a page on an origin no key allows is
 * refused by the browser before it sends anything. The actual response then carries
 * Access-Control-Allow-Origin only when the presented key itself allows the origin (the request
 * is a 403 otherwise), so another key's allowlist opens nothing but the preflight.
 */
export async function preflightResponse(access: ApiAccess, origin: string | null): Promise<Response> {
  const headers: Record<string, string> = {
    "Access-Control-Allow-Methods": access.kind === "keyed" ? KEYED_METHODS : READ_METHODS,
    "Access-Control-Allow-Headers": ALLOWED_HEADERS,
    "Access-Control-Max-Age": PREFLIGHT_MAX_AGE_SECONDS,
    "Cache-Control": "no-store",
  };
  if (access.kind !== "keyed") headers["Access-Control-Allow-Origin"] = "*";
  else {
    headers.Vary = "Origin";
    // A database that cannot be asked allows nothing: the browser then sends nothing either.
    const allowlisted = origin ? await keyOriginsFor(access.scope).catch(() => []) : [];
    if (origin && isOriginAllowed(origin, allowlisted)) headers["Access-Control-Allow-Origin"] = origin;
  }
  return new Response(null, { status: 204, headers });
}
