import { getPrisma } from "@/lib/db";
import { getApiKey } from "./get-api-key";
import type { ApiKeyRecord } from "./schemas";

/**
 * Revokes a key for good. Revoking a revoked key changes nothing (the first revocation time
 * stays), so a retried command is harmless. Other processes may still accept the key for up to
 * KEY_CACHE_TTL_MS (create-api-key-verifier.ts).
 */
export async function revokeApiKey(id: string, { now = new Date() }: { now?: Date } = {}): Promise<ApiKeyRecord> {
  const prisma = await getPrisma();
  await prisma.apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
  return getApiKey(id, { now });
}
