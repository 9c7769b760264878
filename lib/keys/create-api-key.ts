import { getPrisma } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { insertApiKey, type CreatedApiKey } from "./insert-api-key";
import { invalidInput } from "@/lib/errors/invalid-input";
import { clearKeyOriginsCache } from "./key-origins-cache";
import { createApiKeyInputSchema, type CreateApiKeyInput } from "./schemas";

/**
 * Makes a key (rules in createApiKeyInputSchema) and returns its plaintext once, with the stored
 * record. Bad input is a 400 naming each field, an unknown NGO slug included.
 */
export async function createApiKey(
  input: CreateApiKeyInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<CreatedApiKey> {
  const parsed = createApiKeyInputSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { ngo, ...settings } = parsed.data;
  if (settings.expires_at && settings.expires_at <= now) {
    throw ApiError.invalid([{ name: "expires_at", reason: "must be in the future" }]);
  }
  const prisma = await getPrisma();
  let ngoId: string | null = null;
  if (ngo) {
    const found = await prisma.ngo.findUnique({ where: { slug: ngo }, select: { id: true } });
    if (!found) throw ApiError.invalid([{ name: "ngo", reason: `no registry entry has the slug '${ngo}'` }]);
    ngoId = found.id;
  }
  const created = await prisma.$transaction((tx) => insertApiKey(tx, { ...settings, ngo_id: ngoId }, now));
  // Its origins may answer CORS preflights at once.
  clearKeyOriginsCache();
  return created;
}
