import { getPrisma } from "@/lib/db";
import { apiKeyRecordSelect, toApiKeyRecord } from "./api-key-record";
import type { ApiKeyRecord } from "./schemas";

/**
 * Every key, newest first, revoked and expired ones included (their status says so): operators
 * need the history to see what was rotated when. Keys are few (operators make them by hand), so
 * the list is not paginated.
 */
export async function listApiKeys({ now = new Date() }: { now?: Date } = {}): Promise<ApiKeyRecord[]> {
  const prisma = await getPrisma();
  const rows = await prisma.apiKey.findMany({
    select: apiKeyRecordSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map((row) => toApiKeyRecord(row, now));
}
