import { describe, expect, it, vi } from "vitest";
import { memoizeWithTtl } from "./memoize-with-ttl";

describe("memoizeWithTtl", () => {
  it("shares one computation per key until it expires", async () => {
    vi.useFakeTimers();
    const fn = vi.fn(async (n: number) => n * 2);
    const memo = memoizeWithTtl(fn, { ttlMs: 1000, maxEntries: 10, key: (n) => String(n) });
    expect(await Promise.all([memo(1), memo(1), memo(2)])).toEqual([2, 2, 4]);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1001);
    await memo(1);
    expect(fn).toHaveBeenCalledTimes(3);
    vi.useRealTimers();
  });

  it("forgets failures and bounds its size", async () => {
    let fail = true;
    const memo = memoizeWithTtl(async (n: number) => {
      if (fail) throw new Error("down");
      return n;
    }, { ttlMs: 60_000, maxEntries: 2, key: (n) => String(n) });
    await expect(memo(1)).rejects.toThrow("down");
    fail = false;
    expect(await memo(1)).toBe(1);
    const fn = vi.fn(async (n: number) => n);
    const small = memoizeWithTtl(fn, { ttlMs: 60_000, maxEntries: 2, key: (n) => String(n) });
    await small(1);
    await small(2);
    await small(3);
    await small(1);
    expect(fn).toHaveBeenCalledTimes(4);
  });
});
