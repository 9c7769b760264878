import { Prisma, queryRows } from "@/lib/db";
import type { KeyIdentity } from "./key-identity";

/** A stored key as verification needs it: its identity and whether it may still be used. */
export type StoredKey = { identity: KeyIdentity; revoked: boolean; expiresAtMs: number | null };

type Row = Omit<KeyIdentity, "origins"> & { origins: string[]; expires_at: Date | null; revoked: boolean };

/**
 * The key whose hash this is, or null. The request path: one statement on the driver, by the
 * unique index on hash, with the NGO's slug joined in.
 */
export function loadKeyByHash(hash: string): Promise<StoredKey | null> {
  return loadStoredKey(Prisma.sql`k.hash = ${hash}`);
}

/** The one key matching `condition` (on api_keys k), in the shape verification needs. */
export async function loadStoredKey(condition: Prisma.Sql): Promise<StoredKey | null> {
  const [row] = await queryRows<Row>(Prisma.sql`
    SELECT k.id, k.name, k.kind::text AS kind, k.tier::text AS tier, k.scopes,
           k.allowed_origins AS origins, k.ngo_id, n.slug AS ngo_slug, k.rate_limit_per_minute,
           k.expires_at, k.revoked_at IS NOT NULL AS revoked
    FROM api_keys k LEFT JOIN ngos n ON n.id = k.ngo_id
    WHERE ${condition}`);
  if (!row) return null;
  const { expires_at, revoked, ...identity } = row;
  return {
    // Frozen: one cached identity is handed to many requests, and none may change it for the rest.
    identity: Object.freeze({ ...identity, scopes: Object.freeze(identity.scopes), origins: Object.freeze(identity.origins) }),
    revoked,
    expiresAtMs: expires_at ? expires_at.getTime() : null,
  };
}
