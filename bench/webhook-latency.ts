// The latency scenarios of bench/webhooks.ts: how long a committed change takes to reach a healthy
// receiver with the prompt kick (one change at a time), and how long a burst of changes takes to
// clear. Both run with and without a second endpoint that never answers within the timeout.
import type { Receiver } from "../tests/support/webhook-receiver";

export type Latency = { samples: number; p50: number; p99: number };

/** Commits one event and kicks the dispatcher, in-process, as `after()` would. */
export type CommitAndKick = () => Promise<void>;

/**
 * Commit to arrival at `healthy`, `samples` times, one change at a time: the time from the commit's
 * end to the receiver's record of the request (its clock, so the wait's polling adds nothing).
 */
export async function measureKicks(commitAndKick: CommitAndKick, healthy: Receiver, samples: number): Promise<Latency> {
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    const before = healthy.received.length;
    await commitAndKick();
    const committed = Date.now();
    const [arrived] = (await healthy.waitFor((r) => r.length > before, 30_000)).slice(before);
    latencies.push(arrived!.at - committed);
  }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!);
  return { samples, p50: pct(50), p99: pct(99) };
}

/** Seconds from the first of `events` changes (each its own commit and kick) until `healthy` has them all. */
export async function measureBurst(commitAndKick: CommitAndKick, healthy: Receiver, events: number): Promise<number> {
  const before = healthy.received.length;
  const started = Date.now();
  for (let i = 0; i < events; i++) await commitAndKick();
  const received = await healthy.waitFor((r) => r.length >= before + events, 120_000);
  return Math.round((received[before + events - 1]!.at - started) / 10) / 100;
}
