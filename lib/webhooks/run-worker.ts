// The long-running dispatcher behind `npm run worker`: claims and delivers due webhooks until
// SIGTERM or SIGINT, then gives the deliveries it holds SHUTDOWN_GRACE_MS to finish, hands back
// those still waiting for an answer (stopDispatching), closes the database and exits 0.
import { setTimeout as sleep } from "node:timers/promises";
import { config } from "@/lib/config";
import { closeConnection } from "@/lib/db";
import { log } from "@/lib/log";
import { dispatchWebhooks } from "./dispatch-webhooks";
import { stopDispatching } from "./stop-dispatching";

/** How long the worker rests when nothing is due, unless WEBHOOKS_POLL_MS says otherwise. */
const IDLE_MS = 1_000;

export async function runWorker(): Promise<void> {
  const stop = new AbortController();
  const onSignal = (signal: string) => {
    if (stop.signal.aborted) return;
    log("info", "webhook worker stopping", { signal });
    stop.abort();
    void stopDispatching(config().shutdownGraceMs);
  };
  process.on("SIGTERM", () => onSignal("SIGTERM"));
  process.on("SIGINT", () => onSignal("SIGINT"));
  const idleMs = config().webhooks.pollMs || IDLE_MS;
  const { batchSize, endpointConcurrency } = config().webhooks;
  log("info", "webhook worker started", { pid: process.pid, batch_size: batchSize, endpoint_concurrency: endpointConcurrency });
  try {
    while (!stop.signal.aborted) {
      let result = { attempted: 0, delivered: 0 };
      try {
        result = await dispatchWebhooks({ signal: stop.signal, pollMs: idleMs });
      } catch (error) {
        // A database that went away: say so and try again after a rest, like a fresh start.
        log("error", "webhook dispatch failed", { error: error instanceof Error ? error.name : "unknown" });
      }
      if (result.attempted) log("info", "webhooks attempted", { ...result });
      // Node removes the abort listener when the rest ends: idle polls leave none behind.
      else await sleep(idleMs, undefined, { signal: stop.signal }).catch(() => {});
    }
  } finally {
    await closeConnection().catch(() => {});
    log("info", "webhook worker stopped");
  }
}
