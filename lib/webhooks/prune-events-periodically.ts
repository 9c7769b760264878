import { processWide } from "@/lib/process-wide";
import { pruneEvents } from "./prune-events";

/** How often a process prunes: every 10 minutes, every minute while a backlog remains. */
const EVERY_MS = 600_000;
const BACKLOG_EVERY_MS = 60_000;

/**
 * The retention chore of every dispatching process (a periodic job, lib/compose-process.ts):
 * at most 5,000 events a run, so a dispatch that runs it is delayed by a few short statements at
 * most, and the first run comes with the process's first dispatch.
 */
export async function pruneEventsPeriodically(now = Date.now()): Promise<void> {
  const state = processWide("event-retention", () => ({ ranAt: -Infinity, more: false }));
  if (now - state.ranAt < (state.more ? BACKLOG_EVERY_MS : EVERY_MS)) return;
  state.ranAt = now;
  state.more = (await pruneEvents({ batchSize: 1_000, maxBatches: 5 })).more;
}
