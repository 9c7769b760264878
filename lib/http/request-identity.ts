// Who a request is, for the handlers. The identity is derived from the request's key itself,
// through the same cached verifier proxy.ts used (a few microseconds, no database round trip
// while the key is cached), never from anything else a client sends: there is no internal header
// to forge. proxy.ts has already refused bad keys, foreign origins and missing scopes; a handler
// only needs to know the tier, or to insist on a scope.
import type { KeyIdentity } from "@/lib/keys/key-identity";
import type { Scope } from "@/lib/keys/schemas";
import type { Tier } from "@/lib/tiers";
import { ApiError } from "@/lib/errors/api-error";
import { bearerToken } from "./bearer-token";
import { unauthorized } from "./unauthorized";
import { verifiedIdentity } from "./verified-identity";

/** The verified key the request carries, or null for an anonymous request. */
export async function requestIdentity(request: Request): Promise<KeyIdentity | null> {
  const token = bearerToken(request.headers);
  return token === null ? null : verifiedIdentity(token);
}

/** The tier a request reads the registry with: its key's, when the key may read, or public. */
export async function requestTier(request: Request): Promise<Tier> {
  const identity = await requestIdentity(request);
  return identity?.scopes.includes("registry:read") ? identity.tier : "public";
}

/**
 * The identity of a request that needs a key with `scope`: 401 without a key, 403 when the key
 * lacks the scope. (proxy.ts refuses both first; this keeps the handler safe on its own.)
 */
export async function requireScope(request: Request, scope: Scope): Promise<KeyIdentity> {
  const identity = await requestIdentity(request);
  if (!identity) throw unauthorized("This endpoint needs an API key: send it as Authorization: Bearer <key>.");
  if (!identity.scopes.includes(scope)) {
    throw new ApiError("forbidden", `This API key lacks the ${scope} scope this endpoint needs.`);
  }
  return identity;
}
