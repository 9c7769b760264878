import { randomInt } from "node:crypto";
import type { Prisma } from "@/lib/db";
import { apiKeyRecordSelect, toApiKeyRecord } from "./api-key-record";
import { recordEvent } from "@/lib/events/record-event";
import { generateApiKey } from "./generate-api-key";
import { hashApiKey } from "./hash-api-key";
import type { ApiKeySettings, ApiKeyRecord } from "./schemas";

/** A key just made: the plaintext, shown this once and stored nowhere, and its stored record. */
export type CreatedApiKey = { plaintext: string; record: ApiKeyRecord };

export type StoredKeySettings = Omit<ApiKeySettings, "ngo"> & { ngo_id: string | null };

const ID_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/**
 * Makes a key with these settings and stores its hash: the one writer of api_keys rows. Call it
 * in a transaction: the api_key.created event goes into the outbox beside the row.
 */
export async function insertApiKey(
  db: Prisma.TransactionClient,
  settings: StoredKeySettings,
  now: Date,
): Promise<CreatedApiKey> {
  const plaintext = generateApiKey(settings.kind);
  const row = await db.apiKey.create({
    data: {
      id: `key_${Array.from({ length: 20 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join("")}`,
      name: settings.name,
      kind: settings.kind,
      tier: settings.tier,
      scopes: settings.scopes,
      allowedOrigins: settings.origins,
      ngoId: settings.ngo_id,
      rateLimitPerMinute: settings.rate_limit_per_minute,
      hash: hashApiKey(plaintext),
      last4: plaintext.slice(-4),
      expiresAt: settings.expires_at,
    },
    select: apiKeyRecordSelect,
  });
  const record = toApiKeyRecord(row, now);
  await recordEvent(db, { type: "api_key.created", data: { api_key: apiKeyRef(record) } });
  return { plaintext, record };
}

/** What api_key.* events say about a key: never its hash or last characters. */
export function apiKeyRef(record: { id: string; name: string; kind: string; tier: string; scopes: readonly string[] }) {
  return { id: record.id, name: record.name, kind: record.kind, tier: record.tier, scopes: [...record.scopes] };
}
