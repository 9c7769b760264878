import { describe, expect, it } from "vitest";
import { createMemoryStore } from "./create-memory-store";

const perMinute = { name: "anonymous", limit: 60, windowMs: 60_000 };
// A moment 10 s into a window, so nothing straddles a boundary by accident.
const T0 = 1_000 * 60_000 + 10_000;

function storeAt(start = T0) {
  let time = start;
  const store = createMemoryStore({ now: () => time });
  return {
    store,
    at: (t: number) => {
      time = t;
    },
    burst: async (n: number, bucket = "b", policy = perMinute) => {
      const results = [];
      for (let i = 0; i < n; i++) results.push(await store.limit(bucket, policy));
      return results;
    },
  };
}

describe("in-memory sliding window", () => {
  it("allows exactly the limit of a burst, counting remaining down", async () => {
    const { burst } = storeAt();
    const results = await burst(100);
    expect(results.filter((r) => r.allowed)).toHaveLength(60);
    expect(results.slice(0, 60).map((r) => r.remaining)).toEqual([...Array(60).keys()].map((i) => 59 - i));
    expect(results.every((r) => !r.degraded && r.limit === 60)).toBe(true);
    expect(results[60]).toMatchObject({ allowed: false, remaining: 0 });
  });

  it("allows exactly the limit of a burst that straddles a window boundary", async () => {
    const { burst, at } = storeAt(1_000 * 60_000 + 59_999);
    const before = await burst(30);
    at(1_001 * 60_000 + 1);
    const after = await burst(70);
    expect([...before, ...after].filter((r) => r.allowed)).toHaveLength(60);
  });

  it("tells a refused client when a slot frees, and that is true", async () => {
    const { burst, at, store } = storeAt();
    const [refused] = (await burst(61)).slice(60);
    // 50 s left of this window, then the full previous count weighs until 1/60 of the next.
    expect(refused).toMatchObject({ allowed: false, resetMs: 51_000, retryAfterSeconds: 51 });
    at(T0 + 50_999);
    expect((await store.limit("b", perMinute)).allowed).toBe(false);
    at(T0 + 51_000);
    expect(await store.limit("b", perMinute)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it("frees slots within the window as the previous window's weight shrinks", async () => {
    const { burst, at, store } = storeAt(1_000 * 60_000);
    await burst(60);
    at(1_001 * 60_000 + 30_000); // half of the previous 60 still counts
    const results = await burst(31);
    expect(results.filter((r) => r.allowed)).toHaveLength(30);
    const refused = results[30];
    // One more request is allowed once ceil(60 * (1 - p)) <= 29, i.e. p >= 31/60: at 31 s.
    expect(refused).toMatchObject({ allowed: false, resetMs: 1_000, retryAfterSeconds: 1 });
    at(1_001 * 60_000 + 31_000);
    expect((await store.limit("b", perMinute)).allowed).toBe(true);
  });

  it("refills completely once two windows have passed", async () => {
    const { burst, at } = storeAt();
    await burst(60);
    at(T0 + 120_000);
    expect((await burst(61)).filter((r) => r.allowed)).toHaveLength(60);
  });

  it("keeps buckets and policies apart", async () => {
    const { burst } = storeAt();
    await burst(60, "a");
    expect((await burst(1, "a"))[0]?.allowed).toBe(false);
    expect((await burst(1, "b"))[0]).toMatchObject({ allowed: true, remaining: 59 });
    const generous = { name: "health", limit: 600, windowMs: 60_000 };
    expect((await burst(1, "c", generous))[0]).toMatchObject({ allowed: true, limit: 600, remaining: 599 });
  });

  it("reports the end of the window as reset while quota remains", async () => {
    const { burst } = storeAt();
    expect((await burst(1))[0]).toMatchObject({ resetMs: 50_000, retryAfterSeconds: 0 });
  });

  it("forgets idle buckets and never holds more than its bound", async () => {
    let time = T0;
    const store = createMemoryStore({ now: () => time, maxBuckets: 100 });
    for (let i = 0; i < 500; i++) await store.limit(`client-${i}`, perMinute);
    // The oldest were evicted: their next request starts a fresh quota.
    expect((await store.limit("client-0", perMinute)).remaining).toBe(59);
    expect((await store.limit("client-499", perMinute)).remaining).toBe(58);
    // After the sweep interval and two windows, a returning bucket starts afresh too.
    time += 180_000;
    expect((await store.limit("client-499", perMinute)).remaining).toBe(59);
  });
});
