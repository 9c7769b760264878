// What proxy.ts does for every API request before a handler runs: CORS preflights, who the
// request is (identify-request.ts: the key, its origin and scope), and the rate limits — the
// request's own quota, and the failed-authentication quota of a client whose key did not verify.
import { NextResponse, type NextRequest } from "next/server";
import { config } from "@/lib/config";
import { ApiError } from "@/lib/errors/api-error";
import { touchLastUsed } from "@/lib/keys/touch-last-used";
import { clientAddress } from "@/lib/rate-limit/client-address";
import { failedAuthQuota } from "@/lib/rate-limit/failed-auth-quota";
import { limitRequest, type RateLimitOutcome } from "@/lib/rate-limit/limit-request";
import { quotaExceededProblem } from "@/lib/rate-limit/quota-exceeded-problem";
import type { RateLimitSubject } from "@/lib/rate-limit/rate-limit-target";
import { apiAccess } from "./api-access";
import type { ApiAccess } from "./api-access-rule";
import { withApiHeaders } from "./api-headers";
import { corsHeaders, preflightResponse } from "./cors";
import { deprecationHeaders } from "./deprecation-headers";
import { identifyRequest, type RequestIdentity } from "./identify-request";
import { KeyRefused } from "./key-refused";
import { noteRequestIdentity } from "./note-request-identity";
import { problemResponse } from "./problem-response";

export async function guardApiRequest(request: NextRequest): Promise<Response> {
  const { pathname } = request.nextUrl;
  // A preflight is answered with the rule of the method it asks about.
  const preflightFor = request.method === "OPTIONS" ? request.headers.get("access-control-request-method") : null;
  const access = apiAccess(pathname, preflightFor ?? request.method);
  if (preflightFor !== null) {
    return withApiHeaders(await preflightResponse(access, request.headers.get("origin")));
  }
  // A deprecated operation says so on every answer, its errors included (lib/http/deprecations.ts).
  const deprecation = deprecationHeaders(request.method, pathname);
  let headers = { ...corsHeaders(access, null), ...deprecation };
  if (access.kind === "live") return forward(headers);
  try {
    let identity: RequestIdentity;
    try {
      identity = await identifyRequest(request, access);
    } catch (error) {
      // Every failed authentication is counted, and once the client's quota of them is spent the
      // answer is a 429: the next made-up key is refused before the database is asked.
      if (error instanceof ApiError && error.code === "unauthorized") {
        const failures = await failedAuthQuota.count(clientAddress(request.headers, config().trustedProxyHops));
        headers = { ...headers, ...failures.headers };
        if (!failures.result.allowed) throw quotaExceededProblem(failures.result, failures.policy);
      }
      throw error;
    }
    noteRequestIdentity(identity.tier, identity.key?.id);
    if (identity.key && identity.allowedOrigin !== null) headers = { ...corsHeaders(access, identity.allowedOrigin), ...deprecation };
    const outcome = await limitRequest(subjectOf(access, identity));
    headers = { ...headers, ...outcome.headers };
    if (!outcome.result.allowed) throw quotaExceededProblem(outcome.result, outcome.policy);
    if (identity.key) void touchLastUsed(identity.key.id);
    return forward(headers);
  } catch (caught) {
    let error = caught;
    if (error instanceof KeyRefused) noteRequestIdentity(error.key.tier, error.key.id);
    if (error instanceof ApiError && error.status === 403) {
      const outcome = await countRefusal(error, request);
      headers = { ...headers, ...outcome.headers };
      if (!outcome.result.allowed) error = quotaExceededProblem(outcome.result, outcome.policy);
    }
    const response = problemResponse(error, pathname);
    for (const [name, value] of Object.entries(headers)) if (!response.headers.has(name)) response.headers.set(name, value);
    return response;
  }
}

/**
 * A 403 is counted and labelled like any other answer: against the refused key (a wrong origin or
 * scope), or the client when there is none. Once the quota is spent, the answer is the 429.
 */
function countRefusal(error: ApiError, request: NextRequest): Promise<RateLimitOutcome> {
  const subject: RateLimitSubject =
    error instanceof KeyRefused
      ? { kind: "key", keyId: error.key.id, perMinute: error.key.rate_limit_per_minute }
      : { kind: "anonymous", client: clientAddress(request.headers, config().trustedProxyHops), perMinute: config().anonymousRateLimitPerMinute };
  return limitRequest(subject);
}

function subjectOf(access: ApiAccess, { key, client }: RequestIdentity): RateLimitSubject {
  const perMinute = config().anonymousRateLimitPerMinute;
  // Generous, so uptime monitors are never starved: ten times the free tier (600 a minute).
  if (access.kind === "health") return { kind: "health", client, perMinute: 10 * perMinute };
  if (access.kind === "signed_webhook") return { kind: "signed_webhook", client, perMinute: 10 * perMinute };
  if (key) return { kind: "key", keyId: key.id, perMinute: key.rate_limit_per_minute };
  return { kind: "anonymous", client, perMinute };
}

/** Lets the request through, with the CORS and rate-limit headers for its answer. */
function forward(headers: Record<string, string>): Response {
  return NextResponse.next({ headers });
}
