// Which quota a request counts against, in one place: the policies and how buckets are named.
import type { RateLimitPolicy } from "./types";

export const RATE_LIMIT_POLICIES = {
  /** Registry reads without a key, per client address (the free tier). */
  anonymous: { name: "anonymous", limit: 60, windowMs: 60_000 },
  /**
   * The health probe, per client address, in a bucket of its own: an uptime monitor polling
   * every few seconds is never refused because the same address also reads the registry.
   */
  health: { name: "health", limit: 600, windowMs: 60_000 },
  /** A payment provider's signed events, per client address, in a bucket of its own for the same reason. */
  signedWebhook: { name: "signed-webhook", limit: 600, windowMs: 60_000 },
  /**
   * Failed authentications (a missing, malformed, unknown, revoked or expired key), per client
   * address: once spent, a flood of made-up keys meets a 429 and costs no database lookups.
   */
  failedAuth: { name: "failed-auth", limit: 20, windowMs: 60_000 },
} as const satisfies Record<string, RateLimitPolicy>;

/** Whom a request is counted for. `client` comes from clientAddress(); `keyId` from a verified key. */
export type RateLimitSubject =
  /** perMinute: the configured free tier, when it is not the default 60. */
  | { kind: "anonymous"; client: string; perMinute?: number }
  /** perMinute: when the free tier is configured, ten times its limit. */
  | { kind: "health"; client: string; perMinute?: number }
  /** perMinute: when the free tier is configured, ten times its limit. */
  | { kind: "signed_webhook"; client: string; perMinute?: number }
  | { kind: "key"; keyId: string; perMinute: number }
  /** perMinute: the configured RATE_LIMIT_FAILED_AUTH_PER_MINUTE, when it is not the default 20. */
  | { kind: "failed_auth"; client: string; perMinute?: number };

/**
 * The bucket and policy of a subject. Keyed traffic counts per key, whatever address it comes
 * from, at the key's own per-minute limit; the kinds never share a bucket.
 */
export function rateLimitTarget(subject: RateLimitSubject): { bucket: string; policy: RateLimitPolicy } {
  switch (subject.kind) {
    case "anonymous":
      return {
        bucket: `anonymous:${subject.client}`,
        policy: subject.perMinute === undefined ? RATE_LIMIT_POLICIES.anonymous : perMinute("anonymous", subject.perMinute),
      };
    case "health":
      return {
        bucket: `health:${subject.client}`,
        policy: subject.perMinute === undefined ? RATE_LIMIT_POLICIES.health : perMinute("health", subject.perMinute),
      };
    case "signed_webhook":
      return {
        bucket: `signed-webhook:${subject.client}`,
        policy: subject.perMinute === undefined ? RATE_LIMIT_POLICIES.signedWebhook : perMinute("signed-webhook", subject.perMinute),
      };
    case "key":
      return { bucket: `key:${subject.keyId}`, policy: perMinute("key", subject.perMinute) };
    case "failed_auth":
      return {
        bucket: `failed-auth:${subject.client}`,
        policy: subject.perMinute === undefined ? RATE_LIMIT_POLICIES.failedAuth : perMinute("failed-auth", subject.perMinute),
      };
  }
}

function perMinute(name: string, limit: number): RateLimitPolicy {
  return { name, limit: Math.max(1, Math.floor(limit)), windowMs: 60_000 };
}
