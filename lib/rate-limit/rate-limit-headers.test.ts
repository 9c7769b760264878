import { describe, expect, it } from "vitest";
import { problemResponse } from "@/lib/http/problem-response";
import { quotaExceededProblem } from "./quota-exceeded-problem";
import { rateLimitHeaders } from "./rate-limit-headers";
import type { RateLimitResult } from "./types";

const policy = { name: "anonymous", limit: 60, windowMs: 60_000 };
const allowed: RateLimitResult = { allowed: true, limit: 60, remaining: 42, resetMs: 16_200, retryAfterSeconds: 0, degraded: false };
const refused: RateLimitResult = { allowed: false, limit: 60, remaining: 0, resetMs: 30_500, retryAfterSeconds: 31, degraded: false };

// draft-ietf-httpapi-ratelimit-headers-11: a List of Items whose value is a String, with
// Integer parameters (RFC 8941).
const item = /^"[a-z-]+"(;[a-z]+=\d+)+$/;

describe("rate-limit headers", () => {
  it("speaks the -11 draft and the X-RateLimit dialect", () => {
    expect(rateLimitHeaders(allowed, policy)).toEqual({
      "RateLimit-Policy": '"anonymous";q=60;w=60',
      RateLimit: '"anonymous";r=42;t=17',
      "X-RateLimit-Limit": "60",
      "X-RateLimit-Remaining": "42",
      "X-RateLimit-Reset": "17",
    });
    const headers = rateLimitHeaders(refused, policy);
    expect(headers["RateLimit-Policy"]).toMatch(item);
    expect(headers.RateLimit).toMatch(item);
  });

  it("on a refusal, points t and Reset at the same second as Retry-After", () => {
    expect(rateLimitHeaders(refused, policy)).toMatchObject({ RateLimit: '"anonymous";r=0;t=31', "X-RateLimit-Reset": "31" });
  });

  it("escapes a policy name as a structured-field String", () => {
    expect(rateLimitHeaders(allowed, { ...policy, name: 'a"b\\c' })["RateLimit-Policy"]).toBe('"a\\"b\\\\c";q=60;w=60');
  });
});

describe("quota exceeded", () => {
  it("is a 429 problem+json of type quota-exceeded with Retry-After and the rate-limit headers", async () => {
    const response = problemResponse(quotaExceededProblem(refused, policy), "/api/registry/ngos");
    expect(response.status).toBe(429);
    expect(response.headers.get("Content-Type")).toBe("application/problem+json");
    expect(response.headers.get("Retry-After")).toBe("31");
    expect(response.headers.get("RateLimit")).toBe('"anonymous";r=0;t=31');
    expect(response.headers.get("RateLimit-Policy")).toBe('"anonymous";q=60;w=60');
    expect(response.headers.get("X-RateLimit-Remaining")).toBe("0");
    const body = await response.json();
    expect(body).toMatchObject({ type: "/problems/quota-exceeded", status: 429, instance: "/api/registry/ngos" });
    expect(body.detail).toBe('The "anonymous" quota of 60 requests per 60 seconds is used up. Retry in 31 seconds.');
  });
});
