import type { VerifyOptions } from "./create-api-key-verifier";
import type { KeyVerification } from "./key-identity";
import { keyVerifier } from "./key-verifier";

/**
 * Verifies a presented key: its identity, or why not (malformed | unknown | revoked | expired).
 * Malformed keys are rejected without the database. One verifier and one cache per process,
 * shared by proxy.ts and every handler, so the revocation bound is KEY_CACHE_TTL_MS and nothing
 * else (and nothing at all in the process that revoked: see forgetCachedKey). The caller records
 * use with touchLastUsed (not awaited: it never throws).
 */
export function verifyApiKey(text: string | null | undefined, options: VerifyOptions = {}): Promise<KeyVerification> {
  return keyVerifier()(text, options);
}
