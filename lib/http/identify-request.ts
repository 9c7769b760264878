// Who a request is and what it may do — key, origin, scope, tier — decided in one place, by the
// access its route declares. proxy.ts asks before any handler runs; handlers ask again about the
// same request, and get the same answer from the same process-wide key cache at no database cost.
// Nothing passes from proxy.ts to a handler but the request itself: there is no header to forge.
import { config } from "@/lib/config";
import { looksLikeEmbedSession, verifyEmbedSession, type EmbedSession } from "@/lib/keys/embed-session";
import { ApiError } from "@/lib/errors/api-error";
import { checkKeyOrigin, type OriginCheck } from "@/lib/keys/check-key-origin";
import type { KeyFailure, KeyIdentity } from "@/lib/keys/key-identity";
import { loadKeyById } from "@/lib/keys/load-key-by-id";
import { verifyApiKey } from "@/lib/keys/verify-api-key";
import { clientAddress } from "@/lib/rate-limit/client-address";
import { failedAuthQuota } from "@/lib/rate-limit/failed-auth-quota";
import type { Tier } from "@/lib/tiers";
import { apiAccess } from "./api-access";
import type { ApiAccess } from "./api-access-rule";
import { bearerToken } from "./bearer-token";
import { KeyRefused } from "./key-refused";
import { unauthorized } from "@/lib/errors/unauthorized";

export type RequestIdentity = {
  /** The verified key, or null for a request without one where none is needed. */
  key: KeyIdentity | null;
  /** The tier the request reads the registry with: its key's, or public. */
  tier: Tier;
  /** The client address, as far as trusted proxies vouch for it: the anonymous quotas' bucket. */
  client: string;
  /** The request's Origin, where its key admits it (the CORS answer of keyed endpoints). */
  allowedOrigin: string | null;
  /** The hosted widget's embed session, when the request presents one instead of a key. */
  session: EmbedSession | null;
};

export const KEY_REQUIRED = "This endpoint needs an API key: send it as Authorization: Bearer <key>.";

const ORIGIN_REFUSALS: Record<Exclude<OriginCheck, { ok: true }>["reason"], string> = {
  origin_required: "This publishable key works only from web pages on its allowed origins, and the request has no Origin.",
  origin_not_allowed: "This API key may not be used from the request's origin: it is not on the key's allowlist.",
  secret_key_in_browser:
    "Secret keys are for servers: this one may not be used from a web page (the request has an Origin), as it has no allowlist of origins.",
};

const FAILURES: Record<KeyFailure, string> = {
  malformed: "The API key is not valid: it is not shaped like a Trust Registry key, or its checksum is wrong.",
  unknown: "The API key is not valid.",
  revoked: "The API key has been revoked.",
  expired: "The API key has expired.",
};

/**
 * The identity of a request to `access` (by default, what its route declares for its method). Fails closed:
 * - no key where one is needed, or a key that does not verify: 401;
 * - a key used from an origin outside its allowlist (a publishable key without any Origin, a
 *   secret key from any browser Origin it does not list), or without the scope the endpoint
 *   needs (registry:read for reads): 403 (KeyRefused, naming the key it counts against) — never
 *   a silent downgrade to public, the same answer on every surface;
 * - a client whose failed authentications are spent, presenting a key this process has never
 *   seen stored: 429, before the database is asked;
 * - a database that cannot be asked about the key: 503, never a pass.
 * An embed:write endpoint also accepts the hosted widget's embed session as the bearer token: it
 * stands for its key (still checked for revocation) without an Origin, or for no key (the preview).
 */
export async function identifyRequest(
  request: Request,
  access: ApiAccess = apiAccess(new URL(request.url).pathname, request.method),
): Promise<RequestIdentity> {
  const client = clientAddress(request.headers, config().trustedProxyHops);
  // Health ignores keys; a client-secret or signed endpoint's capability is in the request, checked by its handler.
  if (access.kind === "health" || access.kind === "live" || access.kind === "client_secret" || access.kind === "signed_webhook") return anonymous(client);
  const token = bearerToken(request.headers);
  if (token === null) {
    if (access.kind === "keyed") throw unauthorized(KEY_REQUIRED);
    return anonymous(client);
  }
  if (access.kind === "keyed" && access.scope === "embed:write" && looksLikeEmbedSession(token)) return sessionIdentity(token, client);
  const key = await verifiedKey(token, client);
  const origin = request.headers.get("origin");
  const originCheck = checkKeyOrigin(key, origin);
  if (!originCheck.ok) {
    throw new KeyRefused(key, ORIGIN_REFUSALS[originCheck.reason]);
  }
  const scope = access.kind === "keyed" ? access.scope : "registry:read";
  if (!key.scopes.includes(scope)) throw new KeyRefused(key, `This API key lacks the ${scope} scope this endpoint needs.`);
  return { key, tier: key.tier, client, allowedOrigin: origin, session: null };
}

function anonymous(client: string): RequestIdentity {
  return { key: null, tier: "public", client, allowedOrigin: null, session: null };
}

async function sessionIdentity(token: string, client: string): Promise<RequestIdentity> {
  const session = await verifyEmbedSession(token);
  if (session.keyId === null) return { ...anonymous(client), session };
  const stored = await loadKeyById(session.keyId).catch(() => {
    throw new ApiError("service_unavailable", "API keys cannot be checked right now. Please try again shortly.", { headers: { "Retry-After": "5" } });
  });
  if (!stored || stored.revoked || (stored.expiresAtMs !== null && stored.expiresAtMs <= Date.now())) {
    throw unauthorized("The embed session's key is no longer valid (revoked, expired or deleted).", "invalid_token");
  }
  const key = stored.identity;
  if (!key.scopes.includes("embed:write") || key.ngo_id !== session.ngoId) {
    throw new KeyRefused(key, "The embed session's key may no longer create donation intents for this NGO.");
  }
  return { key, tier: key.tier, client, allowedOrigin: null, session };
}

async function verifiedKey(token: string, client: string): Promise<KeyIdentity> {
  const verification = await verifyApiKey(token, { beforeLookup: () => failedAuthQuota.assertNotSpent(client) }).catch(
    (error: unknown) => {
      if (error instanceof ApiError) throw error;
      throw new ApiError("service_unavailable", "API keys cannot be checked right now. Please try again shortly.", {
        headers: { "Retry-After": "5" },
      });
    },
  );
  if (!verification.ok) throw unauthorized(FAILURES[verification.reason], "invalid_token");
  return verification.identity;
}
