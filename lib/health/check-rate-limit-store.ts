import { getRateLimitStore } from "@/lib/rate-limit/get-rate-limit-store";
import type { RateLimitStore } from "@/lib/rate-limit/types";
import type { FailOpenStore } from "@/lib/rate-limit/with-fail-open";
import type { CheckOutcome } from "./types";

// What this process saw of the store within this long is trusted; older, the probe asks again.
const FRESH_MS = 30_000;

/**
 * The rate-limit store's state for the health probe: pass, or warn while the store fails and
 * requests pass uncounted. Never fail: the API keeps answering without it. Usually free: the
 * probe's own request has just been counted, so the store's last answer is seconds old. Only when
 * this process has not heard from the store lately (proxy.ts may run elsewhere) does it PING.
 */
export async function checkRateLimitStore(store: RateLimitStore = getRateLimitStore()): Promise<CheckOutcome> {
  if (!isFailOpen(store)) return { status: "pass", componentId: store.kind };
  let health = store.health();
  if (health.status === "pass" && (health.lastCheckedAt === undefined || Date.now() - health.lastCheckedAt > FRESH_MS)) {
    await store.ping().catch(() => undefined);
    health = store.health();
  }
  return { status: health.status, componentId: store.kind, ...(health.output ? { output: health.output } : {}) };
}

function isFailOpen(store: RateLimitStore): store is FailOpenStore {
  return typeof (store as Partial<FailOpenStore>).health === "function";
}
