/**
 * Remembers an async function's answers for a while, per key, and lets concurrent callers of
 * the same key share one computation. For summaries that are costly and may be a little old.
 */
export function memoizeWithTtl<Args extends unknown[], Result>(
  fn: (...args: Args) => Promise<Result>,
  options: { ttlMs: number; maxEntries: number; key: (...args: Args) => string },
): (...args: Args) => Promise<Result> {
  const entries = new Map<string, { expires: number; value: Promise<Result> }>();
  return (...args) => {
    const key = options.key(...args);
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (entries.size >= options.maxEntries) {
      for (const [k, entry] of entries) if (entry.expires <= now) entries.delete(k);
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value as string);
    }
    const value = fn(...args);
    entries.set(key, { expires: now + options.ttlMs, value });
    // A failure is not remembered: the next caller tries again.
    value.catch(() => entries.get(key)?.value === value && entries.delete(key));
    return value;
  };
}
