import type { Config } from "@/lib/config";
import { createMemoryStore } from "./create-memory-store";
import { createUpstashStore } from "./create-upstash-store";
import type { RateLimitStore } from "./types";
import { withFailOpen } from "./with-fail-open";

/**
 * The store the configuration asks for: Upstash Redis when its REST URL and token are set,
 * otherwise memory. Only the remote store gets the fail-open wrapper: memory cannot fail, and
 * the wrapper's timer would be pure cost on the hot path.
 */
export function createRateLimitStore(settings: Pick<Config, "upstash">): RateLimitStore {
  if (!settings.upstash) return createMemoryStore();
  // A request waits at most timeoutMs for the shared store before it is let through uncounted.
  return withFailOpen(createUpstashStore(settings.upstash), { timeoutMs: settings.upstash.timeoutMs });
}
