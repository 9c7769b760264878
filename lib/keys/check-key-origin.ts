import { isOriginAllowed } from "./is-origin-allowed";
import type { KeyIdentity } from "./key-identity";

export type OriginCheck = { ok: true } | { ok: false; reason: "origin_required" | "origin_not_allowed" };

/**
 * Whether a verified key may be used from the request's Origin (the header's value, or null
 * when absent), per DESIGN.md §4 (a failure is a 403):
 * - a publishable key is browser-only: the request must carry an Origin on its allowlist;
 * - a secret key with an allowlist accepts browser requests from those origins only, and
 *   server requests (no Origin header) as before;
 * - a secret key without an allowlist is not restricted by origin.
 * The `null` origin and non-web schemes never match.
 */
export function checkKeyOrigin(identity: Pick<KeyIdentity, "kind" | "origins">, origin: string | null): OriginCheck {
  if (origin === null) return identity.kind === "publishable" ? { ok: false, reason: "origin_required" } : { ok: true };
  if (identity.kind === "secret" && identity.origins.length === 0) return { ok: true };
  return isOriginAllowed(origin, identity.origins) ? { ok: true } : { ok: false, reason: "origin_not_allowed" };
}
