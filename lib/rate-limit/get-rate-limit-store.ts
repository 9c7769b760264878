import { config } from "@/lib/config";
import { createRateLimitStore } from "./create-rate-limit-store";
import type { RateLimitStore } from "./types";

// Kept on globalThis, not in a module variable: proxy.ts and the route handlers are separate
// bundles in one process, each with its own copy of this module. One store per process means
// the in-memory counts are one set, and the health probe sees the failures proxy.ts ran into.
const STORE = Symbol.for("trust-registry.rate-limit-store");

/** The process's rate-limit store, created on first use from the configuration. */
export function getRateLimitStore(): RateLimitStore {
  const holder = globalThis as { [STORE]?: RateLimitStore };
  holder[STORE] ??= createRateLimitStore(config());
  return holder[STORE];
}
