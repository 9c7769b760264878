import { describe, expect, it } from "vitest";
import { createMemoryStore } from "./create-memory-store";
import { limitRequest } from "./limit-request";
import { RATE_LIMIT_POLICIES, rateLimitTarget } from "./rate-limit-target";

describe("rate-limit policies", () => {
  it("gives anonymous reads, the health probe and each key buckets of their own", () => {
    expect(rateLimitTarget({ kind: "anonymous", client: "192.0.2.1" })).toEqual({
      bucket: "anonymous:192.0.2.1",
      policy: { name: "anonymous", limit: 60, windowMs: 60_000 },
    });
    expect(rateLimitTarget({ kind: "health", client: "192.0.2.1" })).toEqual({
      bucket: "health:192.0.2.1",
      policy: RATE_LIMIT_POLICIES.health,
    });
    expect(rateLimitTarget({ kind: "key", keyId: "key_1", perMinute: 1_000 })).toEqual({
      bucket: "key:key_1",
      policy: { name: "key", limit: 1_000, windowMs: 60_000 },
    });
    expect(RATE_LIMIT_POLICIES.health.limit).toBeGreaterThanOrEqual(10 * RATE_LIMIT_POLICIES.anonymous.limit);
  });

  it("keeps the health probe answering after the same client used up its registry quota", async () => {
    const store = createMemoryStore();
    for (let i = 0; i < 60; i++) await limitRequest({ kind: "anonymous", client: "192.0.2.1" }, store);
    const registry = await limitRequest({ kind: "anonymous", client: "192.0.2.1" }, store);
    expect(registry.result.allowed).toBe(false);
    const health = await limitRequest({ kind: "health", client: "192.0.2.1" }, store);
    expect(health.result.allowed).toBe(true);
    expect(health.headers["RateLimit-Policy"]).toBe('"health";q=600;w=60');
  });

  it("gives a payment provider's signed events a bucket of their own, apart from the public's reads", async () => {
    const store = createMemoryStore();
    for (let i = 0; i < 60; i++) await limitRequest({ kind: "anonymous", client: "192.0.2.1" }, store);
    const provider = await limitRequest({ kind: "signed_webhook", client: "192.0.2.1" }, store);
    expect(provider.result.allowed).toBe(true);
    expect(provider.headers["RateLimit-Policy"]).toBe('"signed-webhook";q=600;w=60');
  });

  it("counts keyed traffic per key, at the key's limit", async () => {
    const store = createMemoryStore();
    const key = { kind: "key", keyId: "key_1", perMinute: 3 } as const;
    const results = await Promise.all(Array.from({ length: 5 }, () => limitRequest(key, store)));
    expect(results.map((r) => r.result.allowed)).toEqual([true, true, true, false, false]);
    expect((await limitRequest({ ...key, keyId: "key_2" }, store)).result.allowed).toBe(true);
  });
});
