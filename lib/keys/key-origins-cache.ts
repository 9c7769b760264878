// The origins on the allowlists of active keys, per scope: what a CORS preflight, which carries
// no key, can know about who may call a keyed endpoint. Read at most once per KEY_CACHE_TTL_MS,
// and again at once after this process made, revoked or rotated a key.
import { Prisma, queryRows } from "@/lib/db";
import { processWide } from "@/lib/process-wide";
import { KEY_CACHE_TTL_MS } from "./create-api-key-verifier";
import type { Scope } from "./schemas";

type Entry = { readAt: number; origins: Promise<string[]> };

function cache(): Map<Scope, Entry> {
  return processWide("key-origins-cache", () => new Map<Scope, Entry>());
}

/** Every origin pattern on the allowlist of an active key with `scope`. */
export function keyOriginsFor(scope: Scope): Promise<string[]> {
  const entries = cache();
  const now = performance.now();
  const hit = entries.get(scope);
  if (hit && now - hit.readAt < KEY_CACHE_TTL_MS) return hit.origins;
  const origins = queryRows<{ origin: string }>(Prisma.sql`
    SELECT DISTINCT unnest(allowed_origins) AS origin FROM api_keys
    WHERE revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now()) AND ${scope}::text = ANY(scopes)`).then((rows) =>
    rows.map((row) => row.origin),
  );
  entries.set(scope, { readAt: now, origins });
  // A failure is not remembered: the next preflight asks again.
  origins.catch(() => entries.get(scope)?.origins === origins && entries.delete(scope));
  return origins;
}

/** Forgets what was read: a key of this process changed. */
export function clearKeyOriginsCache(): void {
  cache().clear();
}
