import { getPrisma } from "@/lib/db";
import { recordEvent } from "@/lib/events/record-event";
import { forgetCachedKey } from "./forget-cached-key";
import { getApiKey } from "./get-api-key";
import { apiKeyRef } from "./insert-api-key";
import type { ApiKeyRecord } from "./schemas";

/**
 * Revokes a key for good. Revoking a revoked key changes nothing (the first revocation time
 * stays), so a retried command is harmless. This process refuses the key from now on; other
 * processes may still accept it for up to KEY_CACHE_TTL_MS (create-api-key-verifier.ts).
 */
export async function revokeApiKey(id: string, { now = new Date() }: { now?: Date } = {}): Promise<ApiKeyRecord> {
  const prisma = await getPrisma();
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
    const row = count ? await tx.apiKey.findUnique({ where: { id }, select: { id: true, name: true, kind: true, tier: true, scopes: true } }) : null;
    // Only the revocation that happened is reported: revoking again writes no event.
    if (row) await recordEvent(tx, { type: "api_key.revoked", data: { api_key: apiKeyRef(row) } });
  });
  forgetCachedKey(id);
  return getApiKey(id, { now });
}
