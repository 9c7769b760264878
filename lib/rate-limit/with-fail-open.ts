// A rate-limit store that never blocks the API when the store itself is down: a request the store
// cannot count within a short timeout is let through, marked degraded, and the failure shows in
// the log (at most once a minute) and in the health probe. Rate limiting fails open; key checks
// must not (they never go through here).
import { withTimeout } from "@/lib/async/with-timeout";
import { log } from "@/lib/log";
import type { RateLimitPolicy, RateLimitResult, RateLimitStore } from "./types";

export type StoreHealth = {
  status: "pass" | "warn";
  /** A short, generic reason for a warning: never the store's own error message. */
  output?: string;
  /** When the store last answered or failed (ms since the epoch); undefined before the first call. */
  lastCheckedAt?: number;
};

export type FailOpenStore = RateLimitStore & { health(): StoreHealth };

export type FailOpenOptions = {
  /** How long a request waits for the store before it is let through. */
  timeoutMs?: number;
  /** After a failure, requests skip the store this long (one probe request then tries again). */
  coolDownMs?: number;
  /** How long the health probe keeps warning after the last failure. */
  warnForMs?: number;
  now?: () => number;
};

const LOG_INTERVAL_MS = 60_000;

export function withFailOpen(store: RateLimitStore, options: FailOpenOptions = {}): FailOpenStore {
  const timeoutMs = options.timeoutMs ?? 300;
  const coolDownMs = options.coolDownMs ?? 1_000;
  const warnForMs = options.warnForMs ?? 60_000;
  const now = options.now ?? Date.now;
  let healthy = true;
  let probing = false;
  let retryAt = 0;
  let lastCheckedAt: number | undefined;
  let lastFailure: { at: number; reason: string } | undefined;
  let lastLogAt = -Infinity;
  let unlogged = 0;

  function succeeded(): void {
    lastCheckedAt = now();
    if (!healthy) log("info", "rate-limit store answers again", { store: store.kind });
    healthy = true;
  }

  function failed(error: unknown): void {
    const at = now();
    healthy = false;
    retryAt = at + coolDownMs;
    lastCheckedAt = at;
    lastFailure = { at, reason: failureReason(error) };
    unlogged += 1;
    if (at - lastLogAt >= LOG_INTERVAL_MS) {
      log("warn", "rate-limit store failed: requests pass uncounted (fail open)", {
        store: store.kind,
        reason: lastFailure.reason,
        failures: unlogged,
      });
      lastLogAt = at;
      unlogged = 0;
    }
  }

  return {
    kind: store.kind,
    async limit(bucket: string, policy: RateLimitPolicy): Promise<RateLimitResult> {
      // While the store is failing, one request at a time finds out whether it is back; the
      // others pass at once instead of each waiting out the timeout.
      if (!healthy && (probing || now() < retryAt)) return degraded(policy);
      const probe = !healthy;
      if (probe) probing = true;
      try {
        const result = await withTimeout(store.limit(bucket, policy), timeoutMs);
        succeeded();
        return result;
      } catch (error) {
        failed(error);
        return degraded(policy);
      } finally {
        if (probe) probing = false;
      }
    },
    async ping(): Promise<void> {
      try {
        await withTimeout(store.ping(), timeoutMs);
        succeeded();
      } catch (error) {
        failed(error);
        throw error;
      }
    },
    health(): StoreHealth {
      if (lastFailure && (!healthy || now() - lastFailure.at < warnForMs)) {
        return {
          status: "warn",
          output: `rate-limit store ${lastFailure.reason}: requests are let through uncounted (fail open)`,
          lastCheckedAt,
        };
      }
      return { status: "pass", lastCheckedAt };
    },
  };
}

function degraded(policy: RateLimitPolicy): RateLimitResult {
  return {
    allowed: true,
    limit: policy.limit,
    remaining: policy.limit,
    resetMs: policy.windowMs,
    retryAfterSeconds: 0,
    degraded: true,
  };
}

// Compared by name: error messages can carry keys, addresses or the store's URL.
function failureReason(error: unknown): string {
  switch (error instanceof Error ? error.name : undefined) {
    case "TimeoutError":
    case "AbortError":
      return "timeout";
    case "UpstashError":
    case "UpstashJSONParseError":
      return "refused the command";
    default:
      return "unreachable";
  }
}
