import { describe, expect, it } from "vitest";
import { readConfig } from "@/lib/config";
import { createRateLimitStore } from "./create-rate-limit-store";

const settings = (env: Record<string, string>) => readConfig({ NODE_ENV: "test", ...env });

describe("rate-limit configuration", () => {
  const url = "https://eu1-example.upstash.io";
  it("picks the Upstash store when either pair of variables is set, memory otherwise", () => {
    expect(createRateLimitStore(settings({})).kind).toBe("memory");
    expect(createRateLimitStore(settings({ KV_REST_API_URL: url, KV_REST_API_TOKEN: "t" })).kind).toBe("upstash");
    expect(createRateLimitStore(settings({ UPSTASH_REDIS_REST_URL: url, UPSTASH_REDIS_REST_TOKEN: "t" })).kind).toBe("upstash");
  });

  it("prefers UPSTASH_REDIS_REST_* over KV_REST_API_*, as @upstash/redis does", () => {
    const both = settings({
      UPSTASH_REDIS_REST_URL: url,
      UPSTASH_REDIS_REST_TOKEN: "upstash",
      KV_REST_API_URL: "https://kv.example",
      KV_REST_API_TOKEN: "kv",
    });
    expect(both.upstash).toEqual({ url, token: "upstash", prefix: "trust-registry:rate-limit", timeoutMs: 300 });
    expect(settings({ KV_REST_API_URL: url, KV_REST_API_TOKEN: "t", RATE_LIMIT_PREFIX: "preview:rl" }).upstash?.prefix).toBe("preview:rl");
    expect(settings({ KV_REST_API_URL: "", KV_REST_API_TOKEN: "" }).upstash).toBeUndefined();
  });

  it("refuses half a pair and plain http to anything but loopback", () => {
    expect(() => settings({ KV_REST_API_URL: url })).toThrow(/KV_REST_API_TOKEN: must be set together with KV_REST_API_URL/);
    expect(() => settings({ UPSTASH_REDIS_REST_TOKEN: "t" })).toThrow(/UPSTASH_REDIS_REST_URL: must be set together/);
    expect(() => settings({ KV_REST_API_URL: "http://kv.example", KV_REST_API_TOKEN: "t" })).toThrow(/must use https/);
    expect(() => settings({ KV_REST_API_URL: "redis://kv.example", KV_REST_API_TOKEN: "t" })).toThrow(/KV_REST_API_URL/);
    expect(settings({ KV_REST_API_URL: "http://127.0.0.1:8079", KV_REST_API_TOKEN: "t" }).upstash?.url).toBe("http://127.0.0.1:8079");
  });

  it("trusts one proxy hop on Vercel and none under a plain next start, unless told", () => {
    expect(settings({}).trustedProxyHops).toBe(0);
    expect(settings({ VERCEL: "1" }).trustedProxyHops).toBe(1);
    expect(settings({ TRUSTED_PROXY_HOPS: "2" }).trustedProxyHops).toBe(2);
    expect(settings({ VERCEL: "1", TRUSTED_PROXY_HOPS: "0" }).trustedProxyHops).toBe(0);
    expect(() => settings({ TRUSTED_PROXY_HOPS: "-1" })).toThrow(/TRUSTED_PROXY_HOPS/);
    expect(() => settings({ TRUSTED_PROXY_HOPS: "one" })).toThrow(/TRUSTED_PROXY_HOPS/);
  });
});
