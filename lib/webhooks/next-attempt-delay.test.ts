import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_SCHEDULE_MS } from "@/lib/config";
import { nextAttemptDelay } from "./next-attempt-delay";

describe("the retry schedule", () => {
  it("is the Standard Webhooks recommendation: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h", () => {
    expect(DEFAULT_RETRY_SCHEDULE_MS.map((ms) => ms / 1000)).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    const total = DEFAULT_RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0) / 3_600_000;
    expect(total).toBeGreaterThan(24);
    expect(total).toBeLessThan(30);
  });

  it("jitters each delay within ±10 % and stops when the schedule is spent", () => {
    const schedule = [1000, 2000];
    expect(nextAttemptDelay(1, schedule, { random: () => 0 })).toBe(900);
    expect(nextAttemptDelay(1, schedule, { random: () => 1 })).toBe(1100);
    expect(nextAttemptDelay(2, schedule, { random: () => 0.5 })).toBe(2000);
    expect(nextAttemptDelay(3, schedule)).toBeNull();
  });

  it("waits at least as long as Retry-After asks, up to a day", () => {
    expect(nextAttemptDelay(1, [1000], { retryAfterSeconds: 30, random: () => 0.5 })).toBe(30_000);
    expect(nextAttemptDelay(1, [60_000], { retryAfterSeconds: 1, random: () => 0.5 })).toBe(60_000);
    expect(nextAttemptDelay(1, [1000], { retryAfterSeconds: 10 ** 9, random: () => 0.5 })).toBe(86_400_000);
  });
});
