import { describe, expect, it } from "vitest";
import { readConfig } from "@/lib/config";
import { sharedBucketWarning } from "./shared-bucket-warning";

const production = { NODE_ENV: "production", DATABASE_URL: "postgres://db.internal/registry", SERVER_SECRET: "s".repeat(32) } as const;

describe("the shared-bucket warning", () => {
  it("warns in production when no proxy hop is trusted", () => {
    expect(sharedBucketWarning(readConfig({ ...production }))).toMatch(/^TRUSTED_PROXY_HOPS is 0: all anonymous clients share one quota of 60/);
  });

  it("stays quiet behind trusted proxies, on Vercel, and outside production", () => {
    expect(sharedBucketWarning(readConfig({ ...production, TRUSTED_PROXY_HOPS: "1" }))).toBeNull();
    expect(sharedBucketWarning(readConfig({ ...production, VERCEL: "1", RATE_LIMIT_STORE: "memory" }))).toBeNull();
    expect(sharedBucketWarning(readConfig({ NODE_ENV: "production" }))).toBeNull();
  });
});
