// What a verified key is: the identity proxy.ts hands to the handlers, and the reasons a key
// can fail verification.
import type { Tier } from "@/lib/tiers";
import type { KeyKind } from "./key-format";
import type { Scope } from "./schemas";

export type KeyIdentity = {
  id: string;
  name: string;
  kind: KeyKind;
  tier: Tier;
  scopes: readonly Scope[];
  /** Normalised allowlist entries, for isOriginAllowed / checkKeyOrigin. */
  origins: readonly string[];
  ngo_id: string | null;
  ngo_slug: string | null;
  rate_limit_per_minute: number;
};

/**
 * - malformed: not shaped like a key, or its checksum is wrong (decided without the database)
 * - unknown: well-formed, but no such key is stored
 * - revoked, expired: the key exists and may not be used any more
 */
export type KeyFailure = "malformed" | "unknown" | "revoked" | "expired";

export type KeyVerification = { ok: true; identity: KeyIdentity } | { ok: false; reason: KeyFailure };
