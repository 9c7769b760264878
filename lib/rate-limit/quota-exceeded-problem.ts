import { ApiError } from "@/lib/errors/api-error";
import { rateLimitHeaders } from "./rate-limit-headers";
import type { RateLimitPolicy, RateLimitResult } from "./types";

/**
 * The 429 for a refused request (problem type /problems/quota-exceeded), carrying the rate-limit
 * headers and `Retry-After` in seconds, for the caller to throw: problemResponse() makes the
 * answer, as for every other problem.
 */
export function quotaExceededProblem(result: RateLimitResult, policy: RateLimitPolicy): ApiError {
  const seconds = Math.max(1, result.retryAfterSeconds);
  const window = Math.max(1, Math.round(policy.windowMs / 1000));
  return new ApiError(
    "quota_exceeded",
    `The "${policy.name}" quota of ${policy.limit} requests per ${window} seconds is used up. Retry in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`,
    { headers: { ...rateLimitHeaders(result, policy), "Retry-After": String(seconds) } },
  );
}
