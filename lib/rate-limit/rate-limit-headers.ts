import type { RateLimitPolicy, RateLimitResult } from "./types";

/**
 * The rate-limit headers of a response, in two dialects:
 * - `RateLimit-Policy` and `RateLimit` of draft-ietf-httpapi-ratelimit-headers-11: structured
 *   field lists whose items are the policy name as a String, with q (quota) and w (window,
 *   seconds), and r (remaining) and t (seconds until the quota grows again);
 * - `X-RateLimit-Limit`, `-Remaining` and `-Reset`, which most client libraries still read.
 *   Reset is in seconds from now, like `t` and `Retry-After`, not an epoch time: it needs no
 *   synchronised clock and means the same in all three places.
 * On a refused request, t and Reset equal Retry-After (the draft asks that Retry-After not point
 * before the end of t).
 */
export function rateLimitHeaders(result: RateLimitResult, policy: RateLimitPolicy): Record<string, string> {
  const name = sfString(policy.name);
  const resetSeconds = result.allowed ? Math.ceil(result.resetMs / 1000) : result.retryAfterSeconds;
  return {
    "RateLimit-Policy": `${name};q=${policy.limit};w=${Math.max(1, Math.round(policy.windowMs / 1000))}`,
    RateLimit: `${name};r=${result.remaining};t=${resetSeconds}`,
    "X-RateLimit-Limit": String(result.limit),
    "X-RateLimit-Remaining": String(result.remaining),
    "X-RateLimit-Reset": String(resetSeconds),
  };
}

// An RFC 8941 String: backslash and double quote escaped. Policy names are ASCII by design.
function sfString(value: string): string {
  return `"${value.replace(/[\\"]/g, "\\$&")}"`;
}
