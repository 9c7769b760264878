import { afterEach, describe, expect, it, vi } from "vitest";
import { checkRateLimitStore } from "@/lib/health/check-rate-limit-store";
import type { RateLimitPolicy, RateLimitResult, RateLimitStore } from "./types";
import { withFailOpen } from "./with-fail-open";

const policy: RateLimitPolicy = { name: "anonymous", limit: 60, windowMs: 60_000 };
const counted: RateLimitResult = { allowed: false, limit: 60, remaining: 0, resetMs: 5_000, retryAfterSeconds: 5, degraded: false };

/** A store whose behaviour the test switches: answering, failing at once, or never answering. */
function switchableStore() {
  let mode: "up" | "down" | "hung" = "up";
  const calls = { limit: 0, ping: 0 };
  const answer = async () => {
    if (mode === "down") throw Object.assign(new Error("connect ECONNREFUSED 10.1.2.3:443"), { name: "TypeError" });
    if (mode === "hung") return new Promise<never>(() => {});
  };
  const store: RateLimitStore = {
    kind: "upstash",
    async limit() {
      calls.limit += 1;
      await answer();
      return counted;
    },
    async ping() {
      calls.ping += 1;
      await answer();
    },
  };
  return { store, calls, set: (next: typeof mode) => (mode = next) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("fail-open rate-limit store", () => {
  it("passes the store's answer through while it works", async () => {
    const { store } = switchableStore();
    const failOpen = withFailOpen(store);
    expect(await failOpen.limit("b", policy)).toEqual(counted);
    expect(failOpen.health()).toMatchObject({ status: "pass" });
  });

  it("lets a request through, degraded, when the store fails, and warns once in the log and in health", async () => {
    const warn = vi.spyOn(console, "error").mockImplementation(() => {});
    const { store, set } = switchableStore();
    let time = 1_000_000;
    const failOpen = withFailOpen(store, { coolDownMs: 0, now: () => time });
    set("down");
    for (let i = 0; i < 5; i++) {
      expect(await failOpen.limit("b", policy)).toEqual({
        allowed: true,
        limit: 60,
        remaining: 60,
        resetMs: 60_000,
        retryAfterSeconds: 0,
        degraded: true,
      });
      time += 1_000;
    }
    expect(warn).toHaveBeenCalledTimes(1);
    const line = JSON.parse(String(warn.mock.calls[0]?.[0]));
    expect(line).toMatchObject({ level: "warn", store: "upstash", reason: "unreachable" });
    // The store's own message (with its address) is in neither the log nor the health output.
    expect(JSON.stringify(line)).not.toContain("10.1.2.3");
    const health = failOpen.health();
    expect(health).toMatchObject({ status: "warn", output: "rate-limit store unreachable: requests are let through uncounted (fail open)" });
    expect(health.output).not.toContain("10.1.2.3");
  });

  it("gives up on a hung store after the timeout", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { store, set } = switchableStore();
    const failOpen = withFailOpen(store, { timeoutMs: 50 });
    set("hung");
    const started = performance.now();
    expect((await failOpen.limit("b", policy)).degraded).toBe(true);
    expect(performance.now() - started).toBeLessThan(250);
    expect(failOpen.health().output).toMatch(/^rate-limit store timeout/);
  });

  it("skips a failing store for the cool-down, then one request finds it back", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "log").mockImplementation(() => {});
    const { store, calls, set } = switchableStore();
    let time = 0;
    const failOpen = withFailOpen(store, { coolDownMs: 1_000, warnForMs: 60_000, now: () => time });
    set("down");
    await failOpen.limit("b", policy);
    expect(calls.limit).toBe(1);
    time = 500;
    expect((await failOpen.limit("b", policy)).degraded).toBe(true);
    expect(calls.limit).toBe(1);
    set("up");
    time = 1_000;
    expect(await failOpen.limit("b", policy)).toEqual(counted);
    expect(calls.limit).toBe(2);
    // Back, but the failure was recent: health keeps warning for a while, then passes.
    expect(failOpen.health().status).toBe("warn");
    time = 61_001;
    expect(failOpen.health().status).toBe("pass");
  });

  it("lets only one probe at a time wait on a store that has been failing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { store, calls, set } = switchableStore();
    const failOpen = withFailOpen(store, { coolDownMs: 0, timeoutMs: 50 });
    set("down");
    await failOpen.limit("b", policy);
    set("hung");
    const results = await Promise.all(Array.from({ length: 10 }, () => failOpen.limit("b", policy)));
    expect(results.every((r) => r.allowed && r.degraded)).toBe(true);
    expect(calls.limit).toBe(2);
  });
});

describe("rate-limit store health", () => {
  it("passes for the in-memory store without asking anything", async () => {
    const ping = vi.fn();
    expect(await checkRateLimitStore({ kind: "memory", limit: vi.fn(), ping })).toEqual({ status: "pass", componentId: "memory" });
    expect(ping).not.toHaveBeenCalled();
  });

  it("pings a remote store it has not heard from lately, and warns when it does not answer", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "log").mockImplementation(() => {});
    const { store, calls, set } = switchableStore();
    const failOpen = withFailOpen(store);
    expect(await checkRateLimitStore(failOpen)).toEqual({ status: "pass", componentId: "upstash" });
    expect(calls.ping).toBe(1);
    // Fresh: the last answer is seconds old, so the probe costs no round trip.
    await failOpen.limit("b", policy);
    await checkRateLimitStore(failOpen);
    expect(calls.ping).toBe(1);
    set("down");
    await failOpen.limit("b", policy);
    expect(await checkRateLimitStore(failOpen)).toEqual({
      status: "warn",
      componentId: "upstash",
      output: "rate-limit store unreachable: requests are let through uncounted (fail open)",
    });
  });
});
