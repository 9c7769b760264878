// The embedded default: rate limits counted in this process's memory. Right for one `next start`
// or `next dev`; several instances need the shared Upstash store instead.
import type { RateLimitPolicy, RateLimitResult, RateLimitStore } from "./types";

/**
 * The sliding-window counter that @upstash/ratelimit's slidingWindow runs in Redis: per bucket,
 * one count for the current fixed window and one for the previous, which is weighted by how much
 * of it still overlaps the sliding window ending now. O(1) time and memory per bucket, whatever
 * the limit (a sliding log would keep `limit` timestamps per client).
 *
 * One deliberate difference: Upstash rounds the weighted previous count down, which lets a burst
 * that straddles a window boundary through with one request too many (61 of 100). Here it is
 * rounded up, so a burst gets exactly `limit`, also across a boundary; the price is that the
 * first slot after a full window frees windowMs/limit later (one second for 60 per minute).
 */
type Counter = { windowMs: number; window: number; current: number; previous: number };

export type MemoryStoreOptions = {
  /** The clock, for tests. */
  now?: () => number;
  /** At most this many buckets are kept; beyond it the least recently active are forgotten. */
  maxBuckets?: number;
};

// Buckets whose two windows are both over hold no information; they are dropped this often.
const SWEEP_INTERVAL_MS = 30_000;

export function createMemoryStore(options: MemoryStoreOptions = {}): RateLimitStore {
  const now = options.now ?? Date.now;
  const maxBuckets = options.maxBuckets ?? 100_000;
  const counters = new Map<string, Counter>();
  let nextSweep = now() + SWEEP_INTERVAL_MS;

  function counterFor(bucket: string, windowMs: number, window: number): Counter {
    const counter = counters.get(bucket);
    if (counter && counter.windowMs === windowMs) {
      if (window > counter.window) {
        counter.previous = counter.window === window - 1 ? counter.current : 0;
        counter.current = 0;
        counter.window = window;
        // Re-inserted once per window, so the map's order is roughly least recently active first.
        counters.delete(bucket);
        counters.set(bucket, counter);
      }
      return counter;
    }
    const fresh = { windowMs, window, current: 0, previous: 0 };
    counters.delete(bucket);
    counters.set(bucket, fresh);
    if (counters.size > maxBuckets) evictOldest();
    return fresh;
  }

  function sweep(time: number): void {
    nextSweep = time + SWEEP_INTERVAL_MS;
    for (const [bucket, counter] of counters) {
      if (Math.floor(time / counter.windowMs) - counter.window >= 2) counters.delete(bucket);
    }
  }

  function evictOldest(): void {
    for (const bucket of counters.keys()) {
      if (counters.size <= maxBuckets) return;
      counters.delete(bucket);
    }
  }

  return {
    kind: "memory",
    async limit(bucket: string, policy: RateLimitPolicy): Promise<RateLimitResult> {
      const time = now();
      if (time >= nextSweep) sweep(time);
      const { limit, windowMs } = policy;
      const counter = counterFor(bucket, windowMs, Math.floor(time / windowMs));
      // Clamped: a clock that stepped back stays in the window already counted.
      const offset = Math.min(windowMs - 1, Math.max(0, time - counter.window * windowMs));
      const weighted = counter.previous === 0 ? 0 : Math.ceil((counter.previous * (windowMs - offset)) / windowMs);
      const allowed = weighted + counter.current < limit;
      if (allowed) counter.current += 1;
      const remaining = Math.max(0, limit - weighted - counter.current);
      const resetMs = remaining > 0 ? windowMs - offset : msUntilSlotFrees(counter, offset, limit);
      return {
        allowed,
        limit,
        remaining,
        resetMs,
        retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(resetMs / 1000)),
        degraded: false,
      };
    },
    async ping(): Promise<void> {},
  };
}

/** When one more request would pass, if no other arrives in the meantime. */
function msUntilSlotFrees(counter: Counter, offset: number, limit: number): number {
  const { windowMs, previous, current } = counter;
  // Still in this window, once the previous window's weight has shrunk by one request…
  if (previous > 0 && current < limit) {
    const at = Math.ceil(windowMs - ((limit - 1 - current) * windowMs) / previous);
    if (at < windowMs) return Math.max(1, at - offset);
  }
  // …or in the next one, where this window's count becomes the weighted previous count.
  const intoNext = current < limit ? 0 : Math.ceil(windowMs - ((limit - 1) * windowMs) / current);
  return windowMs - offset + intoNext;
}
