// The contract every rate-limit store keeps, so proxy.ts and the tests need not know which one
// runs: the in-memory store of one process, or Upstash Redis shared by many.

/** A named quota: at most `limit` requests in any `windowMs`, per bucket. */
export type RateLimitPolicy = {
  /** Shown to clients in RateLimit-Policy and RateLimit; a short token such as "anonymous". */
  name: string;
  /** Requests allowed per window; at least 1. */
  limit: number;
  windowMs: number;
};

export type RateLimitResult = {
  allowed: boolean;
  limit: number;
  /** Further requests that would be allowed right now. */
  remaining: number;
  /**
   * Milliseconds until the quota grows again: when a request is refused (or the last one was
   * used up), until a slot frees; otherwise until the current counting window ends.
   */
  resetMs: number;
  /** For a refused request, whole seconds to wait (at least 1); 0 when allowed. */
  retryAfterSeconds: number;
  /** The store did not answer, so the request was let through uncounted (fail open). */
  degraded: boolean;
};

export type RateLimitStore = {
  readonly kind: "memory" | "upstash";
  /** Counts one request against `bucket` under `policy`, unless the quota is used up. */
  limit(bucket: string, policy: RateLimitPolicy): Promise<RateLimitResult>;
  /** One cheap round trip to the store, for the health probe. */
  ping(): Promise<void>;
};
