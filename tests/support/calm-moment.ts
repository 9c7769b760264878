/**
 * Waits, if need be, until a burst can run well inside one counting window: both rate-limit
 * stores count in windows aligned to the clock, and Upstash's rounding lets a burst that
 * straddles a boundary through with one request more than the limit. (The in-memory store also
 * frees its first slot windowMs/limit after the boundary, so a burst in a window's first second
 * waits a little longer.)
 */
export async function calmMomentIn(windowMs: number): Promise<void> {
  const [after, before] = [windowMs / 20, windowMs / 10 + 300];
  const offset = Date.now() % windowMs;
  if (offset < after) await sleep(after - offset);
  else if (windowMs - offset < before) await sleep(windowMs - offset + after);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
