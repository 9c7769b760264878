import type { CachePolicy } from "./json-response";
import type { Tier } from "@/lib/tiers";

/**
 * Public registry answers may sit in shared caches for a short while; anything a key unlocked
 * is private to that caller. The answer depends on the key, so caches must key on it too.
 */
export function registryCachePolicy(tier: Tier): CachePolicy {
  return {
    cacheControl: tier === "public" ? "public, max-age=30, stale-while-revalidate=60" : "private, max-age=0, must-revalidate",
    vary: ["Authorization", "Accept-Encoding"],
  };
}
