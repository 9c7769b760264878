import { randomUUID } from "node:crypto";

// Ids that proxies and tracing systems make (UUIDs, Vercel's `fra1::iad1::…`, base64): bounded,
// and free of anything that could break a log line or a header.
const SAFE_ID = /^[A-Za-z0-9_.:@+=/-]{1,128}$/;

/**
 * The request's id: the inbound X-Request-Id where a trusted proxy set it (trustedProxyHops > 0,
 * the same trust as for client addresses) and it looks like an id; otherwise a new random one. A
 * client talking to the app directly cannot choose the id its requests are logged under.
 */
export function requestId(inbound: string | undefined | null, trustedProxyHops: number): string {
  if (trustedProxyHops > 0 && inbound && SAFE_ID.test(inbound)) return inbound;
  return randomUUID();
}
