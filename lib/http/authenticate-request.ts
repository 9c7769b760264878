import { checkKeyOrigin } from "@/lib/keys/check-key-origin";
import type { KeyIdentity } from "@/lib/keys/key-identity";
import type { ApiAccess } from "./api-access";
import { ApiError } from "@/lib/errors/api-error";
import { bearerToken } from "./bearer-token";
import { unauthorized } from "./unauthorized";
import { verifiedIdentity } from "./verified-identity";

/**
 * The verified identity of a request's key, or null for a request without one where none is
 * needed. Fails closed: a missing key where one is needed, or a key that does not verify, is a
 * 401; a key used from an origin outside its allowlist, or without the scope, a 403; a database
 * that cannot be asked, a 503 (never a pass).
 */
export async function authenticateRequest(
  headers: Headers,
  access: Exclude<ApiAccess, { kind: "health" }>,
  origin: string | null,
): Promise<KeyIdentity | null> {
  const token = bearerToken(headers);
  if (token === null) {
    if (access.kind === "keyed") throw unauthorized("This endpoint needs an API key: send it as Authorization: Bearer <key>.");
    return null;
  }
  const identity = await verifiedIdentity(token);
  const originCheck = checkKeyOrigin(identity, origin);
  if (!originCheck.ok) {
    throw new ApiError(
      "forbidden",
      originCheck.reason === "origin_required"
        ? "This publishable key works only from web pages on its allowed origins, and the request has no Origin."
        : "This API key may not be used from the request's origin: it is not on the key's allowlist.",
    );
  }
  const scope = access.kind === "keyed" ? access.scope : "registry:read";
  if (!identity.scopes.includes(scope)) {
    throw new ApiError("forbidden", `This API key lacks the ${scope} scope this endpoint needs.`);
  }
  return identity;
}
