// Rate limits shared by every instance of the app, counted in Upstash Redis over its REST API:
// @upstash/ratelimit's slidingWindow, one EVALSHA (one HTTP round trip) per request.
import { Ratelimit } from "@upstash/ratelimit";
import { Redis } from "@upstash/redis";
import { DEFAULT_UPSTASH_PREFIX } from "@/lib/config";
import type { RateLimitPolicy, RateLimitResult, RateLimitStore } from "./types";

export type UpstashStoreOptions = {
  url: string;
  token: string;
  /** Every Redis key starts with it: `<prefix>:<bucket>:<window number>`. */
  prefix?: string;
  /**
   * Each HTTP request is aborted after this long, so a hung store cannot pile up sockets. Longer
   * than the fail-open wrapper waits: a slow answer still counts, and aborting it would throw
   * away a warm keep-alive connection just when the store is slow.
   */
  requestTimeoutMs?: number;
};

// Buckets refused recently, remembered until their window ends (see below); bounded, because
// an attacker rotating addresses could otherwise grow it without end.
const MAX_BLOCKED_BUCKETS = 10_000;

export function createUpstashStore(options: UpstashStoreOptions): RateLimitStore {
  const requestTimeoutMs = options.requestTimeoutMs ?? 2_000;
  const redis = new Redis({
    url: options.url,
    token: options.token,
    // No retries: a retry would be a second round trip and up to seconds of backoff on the
    // request path. The fail-open wrapper decides what a failure means.
    retry: { retries: 0 },
    signal: () => AbortSignal.timeout(requestTimeoutMs),
    enableTelemetry: false,
  });
  const prefix = options.prefix ?? DEFAULT_UPSTASH_PREFIX;
  const blocked = new BoundedMap(MAX_BLOCKED_BUCKETS);
  // One Ratelimit per (limit, window): the algorithm is fixed at construction, and keys bring
  // their own per-minute limits. There are few distinct limits, so this stays small.
  const limiters = new Map<string, Ratelimit>();

  function limiterFor(policy: RateLimitPolicy): Ratelimit {
    const id = `${policy.limit}/${policy.windowMs}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      if (limiters.size >= 1_000) limiters.clear();
      limiter = new Ratelimit({
        redis,
        prefix,
        limiter: Ratelimit.slidingWindow(policy.limit, `${policy.windowMs} ms`),
        // Each of these would add a Redis command per request or work after it: analytics
        // (an extra pipeline), deny lists (an extra EVAL), dynamic limits (an extra GET).
        analytics: false,
        enableProtection: false,
        dynamicLimits: false,
        enableTelemetry: false,
        // The library's own timeout would report "allowed" with a limit of 0 and no sign that
        // anything failed; the fail-open wrapper times out instead, and says so.
        timeout: 0,
        // A bucket Redis refused stays refused until its window ends, so its further requests
        // are answered here without a round trip: a client hammering past its limit costs
        // nothing in Redis. This can only refuse, never admit, so instances stay consistent.
        ephemeralCache: blocked,
      });
      limiters.set(id, limiter);
    }
    return limiter;
  }

  return {
    kind: "upstash",
    async limit(bucket: string, policy: RateLimitPolicy): Promise<RateLimitResult> {
      const response = await limiterFor(policy).limit(bucket);
      // `reset` is the end of the current fixed window. With Upstash's rounding, a refused
      // request always finds a free slot by then, so it is the honest time to retry.
      const resetMs = Math.max(1, response.reset - Date.now());
      return {
        allowed: response.success,
        limit: policy.limit,
        remaining: response.remaining,
        resetMs,
        retryAfterSeconds: response.success ? 0 : Math.max(1, Math.ceil(resetMs / 1000)),
        degraded: false,
      };
    },
    async ping(): Promise<void> {
      await redis.ping();
    },
  };
}

/** A Map that forgets its oldest entry when full. */
class BoundedMap extends Map<string, number> {
  constructor(private readonly maxEntries: number) {
    super();
  }

  override set(key: string, value: number): this {
    if (!this.has(key) && this.size >= this.maxEntries) {
      const oldest = this.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    return super.set(key, value);
  }
}
