// How the identity proxy.ts verified reaches the route handlers. proxy.ts removes any copy of
// IDENTITY_HEADER a client sent and sets its own for requests that carried a valid key, so a
// handler that finds the header knows proxy.ts wrote it. The proxy matcher covers every path
// whose handler reads it (/api/*, /public/api/*).
import type { KeyIdentity } from "@/lib/keys/key-identity";
import type { Scope } from "@/lib/keys/schemas";
import type { Tier } from "@/lib/registry/tiers";
import { ApiError } from "./api-error";
import { unauthorized } from "./unauthorized";

export const IDENTITY_HEADER = "x-trust-registry-identity";

/** The header value for a verified identity (base64url JSON: header-safe whatever the key's name). */
export function encodeIdentity(identity: KeyIdentity): string {
  return Buffer.from(JSON.stringify(identity)).toString("base64url");
}

/** The verified key the request carries, or null for an anonymous request. */
export function requestIdentity(request: Request): KeyIdentity | null {
  const value = request.headers.get(IDENTITY_HEADER);
  if (!value) return null;
  try {
    return JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as KeyIdentity;
  } catch {
    return null;
  }
}

/** The tier a request reads the registry with: its key's, or public without one. */
export function requestTier(request: Request): Tier {
  return requestIdentity(request)?.tier ?? "public";
}

/**
 * The identity of a request that needs a key with `scope`: 401 without a key (proxy.ts has
 * already refused bad ones), 403 when the key lacks the scope.
 */
export function requireScope(request: Request, scope: Scope): KeyIdentity {
  const identity = requestIdentity(request);
  if (!identity) {
    throw unauthorized("This endpoint needs an API key: send it as Authorization: Bearer <key>.");
  }
  if (!identity.scopes.includes(scope)) {
    throw new ApiError("forbidden", `This API key lacks the ${scope} scope this endpoint needs.`);
  }
  return identity;
}
