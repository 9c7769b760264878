import { createApiKeyVerifier } from "./create-api-key-verifier";
import type { KeyVerification } from "./key-identity";

// One cache per process (per module instance, should Next load this module twice: each copy
// keeps the same bound).
const verifier = createApiKeyVerifier();

/**
 * Verifies a presented key: its identity, or why not (malformed | unknown | revoked | expired).
 * Malformed keys are rejected without the database; known keys are cached for KEY_CACHE_TTL_MS,
 * which bounds how long a revoked key keeps working in a process that saw it just before.
 * The caller records use with touchLastUsed (not awaited: it never throws).
 */
export function verifyApiKey(text: string | null | undefined, options: { now?: Date } = {}): Promise<KeyVerification> {
  return verifier(text, options);
}
