import { normalizeAddress } from "./normalize-address";

/** The bucket of every client whose address cannot be trusted or read: they share one quota. */
export const UNKNOWN_CLIENT = "unknown";

/**
 * The client's address as far as trusted proxies vouch for it. Each trusted proxy appends the
 * address it received the request from to X-Forwarded-For, so with `trustedHops` proxies the
 * client is the entry `trustedHops` places from the right; everything left of it came from the
 * client and may be made up. So a client that prepends addresses of its own keeps its bucket, and
 * one that sends the header where no proxy is trusted (0 hops) gets the shared bucket.
 *
 * Only X-Forwarded-For is read. X-Real-IP and x-vercel-forwarded-for carry one address with no
 * chain, so nothing shows whether a proxy or the client wrote them; on Vercel X-Forwarded-For
 * holds the same address (the platform replaces a client's own header).
 *
 * IPv6 clients are bucketed by their /64: one subscriber usually holds a whole /64 and can use
 * any of its 2^64 addresses, so a per-address bucket would be a fresh quota per request.
 */
export function clientAddress(headers: Headers, trustedHops: number): string {
  if (trustedHops < 1) return UNKNOWN_CLIENT;
  const forwarded = headers.get("x-forwarded-for");
  if (!forwarded) return UNKNOWN_CLIENT;
  const entries = forwarded.split(",");
  // Fewer entries than trusted proxies: the request did not come through all of them.
  const entry = entries[entries.length - trustedHops];
  if (entry === undefined) return UNKNOWN_CLIENT;
  return normalizeAddress(entry) ?? UNKNOWN_CLIENT;
}
