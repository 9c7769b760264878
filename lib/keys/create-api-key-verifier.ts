import { hashApiKey } from "./hash-api-key";
import type { KeyFailure, KeyVerification } from "./key-identity";
import { loadKeyByHash, type StoredKey } from "./load-key-by-hash";
import { parseApiKey } from "./parse-api-key";

/**
 * How long a process trusts what it read about a key. It bounds how late a revocation reaches
 * a process that verified the key just before: every process sees it within this time.
 */
export const KEY_CACHE_TTL_MS = 5_000;
export const KEY_CACHE_MAX_ENTRIES = 10_000;

export type ApiKeyVerifier = (text: string | null | undefined, options?: { now?: Date }) => Promise<KeyVerification>;

export type ApiKeyVerifierOptions = {
  ttlMs?: number;
  maxEntries?: number;
  /** Monotonic milliseconds for the cache's freshness, apart from `now` (expiry): a wall clock
   * set back must not keep a revoked key alive. */
  clock?: () => number;
  load?: (hash: string) => Promise<StoredKey | null>;
};

const failure = (reason: KeyFailure): KeyVerification => ({ ok: false, reason });

/**
 * A key verifier with its own cache, keyed by the key's hash: a hot key costs no database round
 * trip. Rows are cached, not verdicts, so expiry is exact (checked against `now` on every call);
 * revocation is seen within ttlMs. Unknown keys are cached too, so a client retrying a deleted
 * key does not reach the database each time; malformed ones never get that far. Concurrent
 * misses for one key share one query; a failed query is not cached. verifyApiKey is the
 * process's instance; tests make their own with a small TTL or a fake clock.
 */
export function createApiKeyVerifier({
  ttlMs = KEY_CACHE_TTL_MS,
  maxEntries = KEY_CACHE_MAX_ENTRIES,
  clock = () => performance.now(),
  load = loadKeyByHash,
}: ApiKeyVerifierOptions = {}): ApiKeyVerifier {
  const cache = new Map<string, { freshUntil: number; stored: Promise<StoredKey | null> }>();

  function lookup(hash: string): Promise<StoredKey | null> {
    const at = clock();
    const hit = cache.get(hash);
    if (hit && hit.freshUntil > at) return hit.stored;
    cache.delete(hash);
    if (cache.size >= maxEntries) evict(at);
    const stored = load(hash);
    cache.set(hash, { freshUntil: at + ttlMs, stored });
    stored.catch(() => cache.get(hash)?.stored === stored && cache.delete(hash));
    return stored;
  }

  // Stale entries go first; if all are fresh, the oldest. The scan runs only when the cache is full.
  function evict(at: number): void {
    for (const [hash, entry] of cache) if (entry.freshUntil <= at) cache.delete(hash);
    while (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string);
  }

  return async (text, { now = new Date() } = {}) => {
    if (typeof text !== "string" || !parseApiKey(text)?.checksumValid) return failure("malformed");
    const stored = await lookup(hashApiKey(text));
    if (!stored) return failure("unknown");
    if (stored.revoked) return failure("revoked");
    if (stored.expiresAtMs !== null && stored.expiresAtMs <= now.getTime()) return failure("expired");
    return { ok: true, identity: stored.identity };
  };
}
