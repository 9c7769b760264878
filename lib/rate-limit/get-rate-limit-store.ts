import { config } from "@/lib/config";
import { processWide } from "@/lib/process-wide";
import { createRateLimitStore } from "./create-rate-limit-store";
import type { RateLimitStore } from "./types";

/**
 * The process's rate-limit store, created on first use from the configuration. One per process:
 * the in-memory counts are one set, and the health probe sees the failures proxy.ts ran into.
 */
export function getRateLimitStore(): RateLimitStore {
  return processWide("rate-limit-store", () => createRateLimitStore(config()));
}
