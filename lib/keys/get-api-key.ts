import { getPrisma } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { apiKeyRecordSelect, toApiKeyRecord } from "./api-key-record";
import type { ApiKeyRecord } from "./schemas";

/** One key by id (`key_…`); a 404 problem when there is none. */
export async function getApiKey(id: string, { now = new Date() }: { now?: Date } = {}): Promise<ApiKeyRecord> {
  const prisma = await getPrisma();
  const row = await prisma.apiKey.findUnique({ where: { id }, select: apiKeyRecordSelect });
  if (!row) throw new ApiError("not_found", `No API key has the id '${id}'.`);
  return toApiKeyRecord(row, now);
}
