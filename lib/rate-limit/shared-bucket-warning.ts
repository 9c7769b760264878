import type { Config } from "@/lib/config";

/**
 * A warning for operators when every anonymous client will share one quota: in production, with
 * no trusted proxy hop configured, no client address can be told from a forged one. Null when
 * addresses are read (TRUSTED_PROXY_HOPS ≥ 1, as on Vercel) or outside production.
 */
export function sharedBucketWarning(settings: Pick<Config, "isProduction" | "trustedProxyHops" | "anonymousRateLimitPerMinute">): string | null {
  if (!settings.isProduction || settings.trustedProxyHops > 0) return null;
  return (
    `TRUSTED_PROXY_HOPS is 0: all anonymous clients share one quota of ${settings.anonymousRateLimitPerMinute} requests a minute. ` +
    "Set it to the number of reverse proxies in front of the app that append to X-Forwarded-For."
  );
}
