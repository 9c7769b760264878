/**
 * How long to wait after failed attempt number `attempt` (1-based), or null when the schedule is
 * spent. ±10 % jitter spreads the retries of many deliveries that failed together (an endpoint's
 * outage), and a Retry-After from the receiver is honoured when it asks for longer, up to a day.
 */
export function nextAttemptDelay(
  attempt: number,
  scheduleMs: readonly number[],
  { retryAfterSeconds = null, random = Math.random }: { retryAfterSeconds?: number | null; random?: () => number } = {},
): number | null {
  const base = scheduleMs[attempt - 1];
  if (base === undefined) return null;
  const jittered = Math.round(base * (0.9 + 0.2 * random()));
  const asked = retryAfterSeconds === null ? 0 : Math.min(retryAfterSeconds, 86_400) * 1000;
  return Math.max(jittered, asked);
}
