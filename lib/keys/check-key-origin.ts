import { isOriginAllowed } from "./is-origin-allowed";
import type { KeyIdentity } from "./key-identity";

export type OriginCheck = { ok: true } | { ok: false; reason: "origin_required" | "origin_not_allowed" | "secret_key_in_browser" };

/**
 * Whether a verified key may be used from the request's Origin (the header's value, or null
 * when absent; docs/concepts.md#identity-keys-origins-and-embed-sessions). A failure is a 403:
 * - a publishable key is browser-only: the request must carry an Origin on its allowlist;
 * - a secret key is for servers: without an Origin it is accepted; with one (a browser page) only
 *   when that origin is on the key's own allowlist, so a key without an allowlist works from no
 *   web page at all.
 * The `null` origin and non-web schemes never match.
 */
export function checkKeyOrigin(identity: Pick<KeyIdentity, "kind" | "origins">, origin: string | null): OriginCheck {
  if (origin === null) return identity.kind === "publishable" ? { ok: false, reason: "origin_required" } : { ok: true };
  if (isOriginAllowed(origin, identity.origins)) return { ok: true };
  return { ok: false, reason: identity.kind === "secret" && identity.origins.length === 0 ? "secret_key_in_browser" : "origin_not_allowed" };
}
