// What proxy.ts does for every API request before a handler runs: CORS preflights, the API key
// and its origin and scope, and the rate limit. Handlers derive the identity from the same key
// (request-identity.ts): nothing passes from here to them but the request itself.
import { NextResponse, type NextRequest } from "next/server";
import { config } from "@/lib/config";
import type { KeyIdentity } from "@/lib/keys/key-identity";
import { touchLastUsed } from "@/lib/keys/touch-last-used";
import { clientAddress } from "@/lib/rate-limit/client-address";
import { limitRequest } from "@/lib/rate-limit/limit-request";
import { quotaExceededProblem } from "@/lib/rate-limit/quota-exceeded-problem";
import type { RateLimitSubject } from "@/lib/rate-limit/rate-limit-target";
import { apiAccess, type ApiAccess } from "./api-access";
import { withApiHeaders } from "./api-headers";
import { authenticateRequest } from "./authenticate-request";
import { corsHeaders, preflightResponse } from "./cors";
import { problemResponse } from "./problem-response";

export async function guardApiRequest(request: NextRequest): Promise<Response> {
  const { pathname } = request.nextUrl;
  const access = apiAccess(pathname);
  const origin = request.headers.get("origin");
  if (request.method === "OPTIONS" && request.headers.has("access-control-request-method")) {
    return withApiHeaders(preflightResponse(access, origin));
  }
  let headers = corsHeaders(access, null);
  try {
    const identity = access.kind === "health" ? null : await authenticateRequest(request.headers, access, origin);
    if (identity && origin !== null) headers = corsHeaders(access, origin);
    const outcome = await limitRequest(subjectOf(access, identity, request.headers));
    headers = { ...headers, ...outcome.headers };
    if (!outcome.result.allowed) throw quotaExceededProblem(outcome.result, outcome.policy);
    if (identity) void touchLastUsed(identity.id);
    return forward(headers);
  } catch (error) {
    const response = problemResponse(error, pathname);
    for (const [name, value] of Object.entries(headers)) if (!response.headers.has(name)) response.headers.set(name, value);
    return response;
  }
}

function subjectOf(access: ApiAccess, identity: KeyIdentity | null, headers: Headers): RateLimitSubject {
  const settings = config();
  if (access.kind === "health") {
    // Generous, so uptime monitors are never starved: ten times the free tier (600 a minute).
    return { kind: "health", client: clientAddress(headers, settings.trustedProxyHops), perMinute: 10 * settings.anonymousRateLimitPerMinute };
  }
  if (identity) return { kind: "key", keyId: identity.id, perMinute: identity.rate_limit_per_minute };
  return {
    kind: "anonymous",
    client: clientAddress(headers, settings.trustedProxyHops),
    perMinute: settings.anonymousRateLimitPerMinute,
  };
}

/** Lets the request through, with the CORS and rate-limit headers for its answer. */
function forward(headers: Record<string, string>): Response {
  return NextResponse.next({ headers });
}
