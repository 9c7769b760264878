import { getRateLimitStore } from "./get-rate-limit-store";
import { rateLimitHeaders } from "./rate-limit-headers";
import { rateLimitTarget, type RateLimitSubject } from "./rate-limit-target";
import type { RateLimitPolicy, RateLimitResult, RateLimitStore } from "./types";

export type RateLimitOutcome = {
  result: RateLimitResult;
  policy: RateLimitPolicy;
  /** For every answer to this request, refused or not. */
  headers: Record<string, string>;
};

/**
 * Counts one request of `subject` against its quota: one store call (one round trip for Upstash).
 * When `result.allowed` is false, answer with quotaExceededProblem(result, policy).
 */
export async function limitRequest(
  subject: RateLimitSubject,
  store: RateLimitStore = getRateLimitStore(),
): Promise<RateLimitOutcome> {
  const { bucket, policy } = rateLimitTarget(subject);
  const result = await store.limit(bucket, policy);
  return { result, policy, headers: rateLimitHeaders(result, policy) };
}
