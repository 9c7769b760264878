import { getPrisma } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { apiKeyRecordSelect, toApiKeyRecord } from "./api-key-record";
import { recordEvent } from "@/lib/events/record-event";
import { forgetCachedKey } from "./forget-cached-key";
import { apiKeyRef, insertApiKey, type CreatedApiKey } from "./insert-api-key";
import type { ApiKeyRecord, Scope } from "./schemas";

export type RotatedApiKey = CreatedApiKey & { previous: ApiKeyRecord };

/**
 * Replaces a key's secret: a new key (new id, new plaintext, shown once) with the same name,
 * kind, tier, scopes, origins, NGO, limit and expiry, and the old key revoked, in one transaction
 * so that there is never a moment with both or neither. Of two concurrent rotations one wins and
 * the other finds the key revoked (409). A revoked or expired key cannot be rotated: make a new one.
 * This process refuses the old secret as soon as the rotation commits.
 */
export async function rotateApiKey(id: string, { now = new Date() }: { now?: Date } = {}): Promise<RotatedApiKey> {
  const prisma = await getPrisma();
  const rotated = await prisma.$transaction(async (tx) => {
    // The conditional update takes the row lock first: a concurrent rotation waits here, then
    // sees revoked_at set and updates nothing.
    const { count } = await tx.apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
    const old = await tx.apiKey.findUnique({ where: { id }, select: apiKeyRecordSelect });
    if (!old) throw new ApiError("not_found", `No API key has the id '${id}'.`);
    if (count === 0) throw new ApiError("conflict", `The API key '${id}' is revoked: create a new key instead.`);
    if (old.expiresAt && old.expiresAt <= now) {
      throw new ApiError("conflict", `The API key '${id}' has expired: create a new key instead.`);
    }
    const created = await insertApiKey(
      tx,
      {
        name: old.name,
        kind: old.kind,
        tier: old.tier,
        scopes: old.scopes as Scope[],
        origins: old.allowedOrigins,
        ngo_id: old.ngoId,
        rate_limit_per_minute: old.rateLimitPerMinute,
        expires_at: old.expiresAt,
      },
      now,
    );
    const previous = toApiKeyRecord(old, now);
    await recordEvent(tx, { type: "api_key.revoked", data: { api_key: apiKeyRef(previous) } });
    return { ...created, previous };
  });
  forgetCachedKey(id);
  return rotated;
}
