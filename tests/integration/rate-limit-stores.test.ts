// One contract for both rate-limit stores: the in-memory store, and the Upstash store with the
// real @upstash/redis client against the real redis-server on 127.0.0.1:6379, through the
// test-only Upstash REST shim. Plus what only a remote store has: round trips and being down.
import { randomUUID } from "node:crypto";
import { Redis } from "@upstash/redis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMemoryStore } from "@/lib/rate-limit/create-memory-store";
import { createUpstashStore } from "@/lib/rate-limit/create-upstash-store";
import { checkRateLimitStore } from "@/lib/health/check-rate-limit-store";
import type { RateLimitPolicy, RateLimitResult, RateLimitStore } from "@/lib/rate-limit/types";
import { withFailOpen } from "@/lib/rate-limit/with-fail-open";
import { calmMomentIn, sleep } from "../support/calm-moment";
import { REDIS, redisAvailable } from "../support/redis";
import { startUpstashShim, type UpstashShim } from "../support/upstash-shim";

const redisUp = await redisAvailable();

const perMinute: RateLimitPolicy = { name: "anonymous", limit: 60, windowMs: 60_000 };
const perSecond: RateLimitPolicy = { name: "short", limit: 3, windowMs: 1_000 };

type Harness = {
  name: string;
  skip: boolean;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  /** `count` stores that share their counts: app instances on one store. */
  stores(count: number): RateLimitStore[];
};

let shim: UpstashShim;
const upstashStore = (options: { requestTimeoutMs?: number } = {}) =>
  createUpstashStore({ url: shim.url, token: shim.token, prefix: shim.keyPrefix, ...options });

const harnesses: Harness[] = [
  {
    name: "in-memory",
    skip: false,
    setUp: async () => {},
    tearDown: async () => {},
    stores: (count) => Array<RateLimitStore>(count).fill(createMemoryStore()),
  },
  {
    name: "Upstash REST (real client → shim → redis-server)",
    skip: !redisUp,
    setUp: async () => {
      if (redisUp) shim = await startUpstashShim(REDIS);
    },
    tearDown: async () => {
      await shim?.close();
    },
    stores: (count) => Array.from({ length: count }, () => upstashStore()),
  },
];

describe.each(harnesses)("rate-limit store contract: $name", (harness) => {
  beforeAll(harness.setUp);
  afterAll(harness.tearDown);
  const test = it.skipIf(harness.skip);
  const store = () => harness.stores(1)[0] as RateLimitStore;

  test("allows exactly 60 of 100 rapid requests, counting remaining down", async () => {
    const one = store();
    await calmMomentIn(perMinute.windowMs);
    const id = bucket();
    const results = await inSequence(100, () => one.limit(id, perMinute));
    expect(results.filter((r) => r.allowed)).toHaveLength(60);
    expect(results.slice(0, 60).every((r) => r.allowed)).toBe(true);
    expect(results.slice(0, 60).map((r) => r.remaining)).toEqual(Array.from({ length: 60 }, (_, i) => 59 - i));
    expect(results.every((r) => r.limit === 60 && !r.degraded)).toBe(true);
  });

  test("says when to retry: the 61st request is refused for at most the window", async () => {
    const one = store();
    await calmMomentIn(perMinute.windowMs);
    const id = bucket();
    const results = await inSequence(61, () => one.limit(id, perMinute));
    const refused = results[60];
    expect(refused?.allowed).toBe(false);
    expect(refused?.remaining).toBe(0);
    expect(refused?.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(results.slice(0, 60).every((r) => r.retryAfterSeconds === 0)).toBe(true);
  });

  test("allows exactly 60 of 100 requests arriving at once", async () => {
    const one = store();
    await calmMomentIn(perMinute.windowMs);
    const id = bucket();
    const results = await Promise.all(Array.from({ length: 100 }, () => one.limit(id, perMinute)));
    expect(results.filter((r) => r.allowed)).toHaveLength(60);
  });

  test("two app instances sharing the store together allow exactly 60 of 100", async () => {
    const [a, b] = harness.stores(2) as [RateLimitStore, RateLimitStore];
    await calmMomentIn(perMinute.windowMs);
    const id = bucket();
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).limit(id, perMinute)));
    expect(results.filter((r) => r.allowed)).toHaveLength(60);
  });

  test("keeps buckets apart", async () => {
    const one = store();
    await calmMomentIn(perSecond.windowMs);
    const [first, second] = [bucket(), bucket()];
    await inSequence(4, () => one.limit(first, perSecond));
    expect(await one.limit(first, perSecond)).toMatchObject({ allowed: false });
    expect(await one.limit(second, perSecond)).toMatchObject({ allowed: true, remaining: 2 });
  });

  test("keeps its word on when to retry, and refills once the window has passed", async () => {
    const one = store();
    await calmMomentIn(perSecond.windowMs);
    const id = bucket();
    const results = await inSequence(4, () => one.limit(id, perSecond));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    const refused = results[3] as RateLimitResult;
    expect(refused.resetMs).toBeGreaterThan(0);
    expect(refused.resetMs).toBeLessThanOrEqual(2 * perSecond.windowMs);
    await sleep(refused.resetMs + 30);
    expect((await one.limit(id, perSecond)).allowed).toBe(true);
    await sleep(2 * perSecond.windowMs);
    const refilled = await inSequence(4, () => one.limit(id, perSecond));
    expect(refilled.map((r) => r.allowed)).toEqual([true, true, true, false]);
  });
});

describe.skipIf(!redisUp)("Upstash store: round trips and outages", () => {
  const policy: RateLimitPolicy = { name: "round-trips", limit: 10, windowMs: 60_000 };

  // A shim of its own: the first test needs one that has not seen the script yet.
  beforeAll(async () => {
    shim = await startUpstashShim(REDIS);
  });
  afterAll(async () => {
    await shim.close();
  });

  it("makes one round trip per request once the script is loaded, and none for a bucket it refused", async () => {
    const upstash = upstashStore();
    // Cold: Redis does not know the script by the client's hash, so EVALSHA gets NOSCRIPT and
    // the client sends the script with EVAL. Two round trips, once per process and Redis.
    shim.requests.length = 0;
    await upstash.limit(bucket(), policy);
    expect(shim.requests).toEqual([["EVALSHA"], ["EVAL"]]);

    await calmMomentIn(policy.windowMs);
    shim.requests.length = 0;
    const id = bucket();
    const results = await inSequence(15, () => upstash.limit(id, policy));
    expect(results.map((r) => r.allowed)).toEqual([...Array<boolean>(10).fill(true), ...Array<boolean>(5).fill(false)]);
    // Ten counted requests and the first refusal: one EVALSHA each; the next refusals are
    // answered from the refused-bucket cache.
    expect(shim.requests).toEqual(Array.from({ length: 11 }, () => ["EVALSHA"]));
    expect(results.slice(11).every((r) => r.retryAfterSeconds > 0)).toBe(true);
  });

  it("fails open when the store is down, says so in health, and counts again once it is back", async () => {
    const warn = vi.spyOn(console, "error").mockImplementation(() => {});
    const info = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const failOpen = withFailOpen(upstashStore(), { timeoutMs: 300, coolDownMs: 0, warnForMs: 0 });
      // Not heard from yet: the probe asks the store itself, with one PING.
      shim.requests.length = 0;
      expect(await checkRateLimitStore(failOpen)).toEqual({ status: "pass", componentId: "upstash" });
      expect(shim.requests).toEqual([["PING"]]);
      const id = bucket();
      expect(await failOpen.limit(id, policy)).toMatchObject({ allowed: true, remaining: 9, degraded: false });

      await shim.stop();
      const during = await failOpen.limit(id, policy);
      expect(during).toMatchObject({ allowed: true, degraded: true });
      expect(await checkRateLimitStore(failOpen)).toEqual({
        status: "warn",
        componentId: "upstash",
        output: "rate-limit store unreachable: requests are let through uncounted (fail open)",
      });
      expect(warn).toHaveBeenCalledTimes(1);

      await shim.start();
      expect(await failOpen.limit(id, policy)).toMatchObject({ allowed: true, remaining: 8, degraded: false });
      expect(await checkRateLimitStore(failOpen)).toEqual({ status: "pass", componentId: "upstash" });
    } finally {
      warn.mockRestore();
      info.mockRestore();
    }
  });

  it("fails open within the timeout when the store hangs", async () => {
    const warn = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const failOpen = withFailOpen(upstashStore({ requestTimeoutMs: 1_000 }), { timeoutMs: 300 });
      await failOpen.limit(bucket(), policy);
      shim.hang(true);
      const started = performance.now();
      expect(await failOpen.limit(bucket(), policy)).toMatchObject({ allowed: true, degraded: true });
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(failOpen.health()).toMatchObject({ status: "warn", output: expect.stringMatching(/^rate-limit store timeout/) });
    } finally {
      shim.hang(false);
      warn.mockRestore();
    }
  });

  it("answers the real client like Upstash: base64 strings, numbers, nulls, pipelines, transactions, errors", async () => {
    const redis = new Redis({ url: shim.url, token: shim.token, retry: { retries: 0 }, enableTelemetry: false });
    const key = `${shim.keyPrefix}:smoke`;
    expect(await redis.ping()).toBe("PONG");
    expect(await redis.set(key, "Grüße, \"quoted\"")).toBe("OK");
    expect(await redis.get(key)).toBe("Grüße, \"quoted\"");
    expect(await redis.get(`${key}:missing`)).toBeNull();
    expect(await redis.pipeline().incr(`${key}:n`).incrby(`${key}:n`, 4).get(`${key}:n`).exec()).toEqual([1, 5, 5]);
    expect(await redis.multi().set(`${key}:m`, "a").append(`${key}:m`, "b").get(`${key}:m`).exec()).toEqual(["OK", 2, "ab"]);
    await expect(redis.incr(key)).rejects.toThrow(/ERR value is not an integer/);
    await expect(redis.evalsha("0".repeat(40), [`${key}:x`], [])).rejects.toThrow(/NOSCRIPT/);
  });

  it("refuses a client with the wrong token", async () => {
    const impostor = createUpstashStore({ url: shim.url, token: "not-the-token", prefix: shim.keyPrefix });
    await expect(impostor.limit(bucket(), policy)).rejects.toThrow(/Unauthorized/);
  });
});

function bucket(): string {
  return `contract:${randomUUID()}`;
}

async function inSequence(count: number, call: () => Promise<RateLimitResult>): Promise<RateLimitResult[]> {
  const results: RateLimitResult[] = [];
  for (let i = 0; i < count; i++) results.push(await call());
  return results;
}
