import { hashApiKey } from "./hash-api-key";
import type { KeyFailure, KeyVerification } from "./key-identity";
import { loadKeyByHash, type StoredKey } from "./load-key-by-hash";
import { parseApiKey } from "./parse-api-key";

/**
 * How long a process trusts what it read about a key: the revocation bound. Every process sees a
 * revocation within this time, on every surface, since there is one cache per process.
 */
export const KEY_CACHE_TTL_MS = 5_000;
export const KEY_CACHE_MAX_ENTRIES = 10_000;
/** How long a hash that names no key is remembered: a repeated bad key costs no query meanwhile. */
export const UNKNOWN_KEY_TTL_MS = 60_000;

export type VerifyOptions = {
  now?: Date;
  /**
   * Called before the database is asked about a key this process has never seen stored. It may
   * throw to refuse the lookup (a client whose failed authentications are used up): made-up keys
   * then cost no query. Keys known to exist are looked up again without asking.
   */
  beforeLookup?: () => void;
};

export type ApiKeyVerifier = {
  (text: string | null | undefined, options?: VerifyOptions): Promise<KeyVerification>;
  /** Makes the cache read the key with this id again on its next use: this process revoked it. */
  forget(keyId: string): void;
};

export type ApiKeyVerifierOptions = {
  ttlMs?: number;
  unknownTtlMs?: number;
  maxEntries?: number;
  /** Monotonic milliseconds for the caches' freshness, apart from `now` (expiry): a wall clock
   * set back must not keep a revoked key alive. */
  clock?: () => number;
  load?: (hash: string) => Promise<StoredKey | null>;
};

type Known = { freshUntil: number; stored: StoredKey };

const failure = (reason: KeyFailure): KeyVerification => ({ ok: false, reason });

/**
 * A key verifier with its caches, keyed by the key's hash, so a hot key costs no database round
 * trip. Rows are cached, not verdicts: expiry is exact (checked against `now` on every call) and
 * revocation is seen within ttlMs. Stored keys and unknown hashes live in separate caches, so a
 * flood of made-up keys cannot push real ones out; both are bounded and evict their oldest entry
 * in constant time. A stale stored key stays known after its freshness ends (until evicted), so
 * its refresh is never refused by beforeLookup. Malformed keys never reach a cache. Concurrent
 * lookups of one hash share one query; a failed query is not remembered. `forget` ends a key's
 * freshness at once (a revocation made by this process), and a lookup already under way when it
 * is called is not trusted past that moment either.
 */
export function createApiKeyVerifier({
  ttlMs = KEY_CACHE_TTL_MS,
  unknownTtlMs = UNKNOWN_KEY_TTL_MS,
  maxEntries = KEY_CACHE_MAX_ENTRIES,
  clock = () => performance.now(),
  load = loadKeyByHash,
}: ApiKeyVerifierOptions = {}): ApiKeyVerifier {
  const known = new Map<string, Known>();
  const unknown = new Map<string, number>();
  const inFlight = new Map<string, Promise<StoredKey | null>>();
  /** When each key id was last forgotten: a row read before then is stale as soon as it arrives. */
  const forgotten = new Map<string, number>();

  function remember<V>(cache: Map<string, V>, hash: string, value: V): void {
    cache.delete(hash); // re-inserted last: the Map's order is the eviction order
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string);
    cache.set(hash, value);
  }

  function lookup(hash: string): Promise<StoredKey | null> {
    const pending = inFlight.get(hash);
    if (pending) return pending;
    const started = clock();
    const query = load(hash).then(
      (stored) => {
        if (stored) {
          const readBeforeForget = (forgotten.get(stored.identity.id) ?? -Infinity) >= started;
          remember(known, hash, { freshUntil: readBeforeForget ? -Infinity : started + ttlMs, stored });
          unknown.delete(hash);
        } else {
          known.delete(hash);
          remember(unknown, hash, started + unknownTtlMs);
        }
        return stored;
      },
    );
    inFlight.set(hash, query);
    void query.catch(() => {}).finally(() => inFlight.delete(hash));
    return query;
  }

  async function stored(hash: string, beforeLookup: (() => void) | undefined): Promise<StoredKey | null> {
    const at = clock();
    const hit = known.get(hash);
    if (hit && hit.freshUntil > at) return hit.stored;
    if (!hit) {
      const unknownUntil = unknown.get(hash);
      if (unknownUntil !== undefined && unknownUntil > at) return null;
      beforeLookup?.();
    }
    return lookup(hash);
  }

  const verify = async (text: string | null | undefined, { now = new Date(), beforeLookup }: VerifyOptions = {}): Promise<KeyVerification> => {
    if (typeof text !== "string" || !parseApiKey(text)?.checksumValid) return failure("malformed");
    const row = await stored(hashApiKey(text), beforeLookup);
    if (!row) return failure("unknown");
    if (row.revoked) return failure("revoked");
    if (row.expiresAtMs !== null && row.expiresAtMs <= now.getTime()) return failure("expired");
    return { ok: true, identity: row.identity };
  };

  // Stale entries stay known (freshUntil in the past), so the re-read is never refused by beforeLookup.
  function forget(keyId: string): void {
    remember(forgotten, keyId, clock());
    for (const entry of known.values()) if (entry.stored.identity.id === keyId) entry.freshUntil = -Infinity;
  }

  return Object.assign(verify, { forget });
}
