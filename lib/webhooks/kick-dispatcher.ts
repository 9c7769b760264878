import { config } from "@/lib/config";
import { Prisma, queryRows } from "@/lib/db";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-wide";
import { dispatchWebhooks } from "./dispatch-webhooks";
import { dispatcherState } from "./dispatcher-state";

type KickState = {
  running: Promise<void> | null;
  again: boolean;
  poller: NodeJS.Timeout | null;
  /** The wake-up for the soonest retry this process knows of, and when it fires. */
  wake: { timer: NodeJS.Timeout; at: number } | null;
};

const state = () => processWide<KickState>("webhook-kick", () => ({ running: null, again: false, poller: null, wake: null }));

/** A process does not set a wake-up further ahead than this: the worker or cron covers longer waits. */
const MAX_WAKE_MS = 15 * 60_000;

/**
 * Delivers what is due now, from this process: the prompt kick after a committing request
 * (`after()`), so a webhook leaves within milliseconds of its change instead of at the next
 * worker poll. One dispatch at a time per process: a kick during it makes it claim at once (it
 * keeps claiming while deliveries are in flight, so a slow endpoint's attempt holds up nothing
 * else), and a kick as it ends makes it go round once more. It claims like every other
 * dispatcher, so it can run beside the worker and the cron route.
 */
export function kickDispatcher(): Promise<void> {
  // A stopping process starts nothing: the poller's and the wake-up's ticks end here.
  if (dispatcherState().stopping) return Promise.resolve();
  const s = state();
  if (s.running) {
    s.again = true;
    for (const ring of dispatcherState().bells) ring();
    return s.running;
  }
  s.running = (async () => {
    try {
      do {
        s.again = false;
        await dispatchWebhooks();
      } while (s.again);
      await scheduleWake(s);
    } catch (error) {
      log("error", "webhook dispatch failed", { error: error instanceof Error ? error.name : "unknown" });
    } finally {
      s.running = null;
    }
  })();
  return s.running;
}

/**
 * Sets a timer for the soonest pending retry, so a server that kicked a delivery also retries it
 * while it runs, with no worker beside it. The timer never keeps the process alive.
 */
async function scheduleWake(s: KickState): Promise<void> {
  // The soonest pending delivery of each enabled endpoint, through the claim's index: a disabled
  // endpoint's queued backlog is never scanned.
  const [next] = await queryRows<{ at: Date | null }>(Prisma.sql`
    SELECT min(soonest.at) AS at FROM webhook_endpoints e CROSS JOIN LATERAL (
      SELECT d.next_attempt_at AS at FROM webhook_deliveries d
      WHERE d.endpoint_id = e.id AND d.status = 'pending' ORDER BY d.next_attempt_at LIMIT 1) soonest
    WHERE e.enabled`);
  if (!next?.at) return;
  const at = Math.max(new Date(next.at).getTime(), Date.now() + 10);
  if (at - Date.now() > MAX_WAKE_MS || (s.wake && s.wake.at <= at)) return;
  if (s.wake) clearTimeout(s.wake.timer);
  const timer = setTimeout(() => {
    s.wake = null;
    void kickDispatcher();
  }, at - Date.now());
  timer.unref();
  s.wake = { timer, at };
}

/**
 * Polls for due deliveries (retries, and anything a kick missed) every WEBHOOKS_POLL_MS from
 * within the server: on by default in the embedded mode, where the server is the only process
 * that can open the database. The timer never keeps the process alive.
 */
export function startDispatchPoller(): void {
  const { pollMs } = config().webhooks;
  const s = state();
  if (pollMs === 0 || s.poller) return;
  s.poller = setInterval(() => void kickDispatcher(), pollMs);
  s.poller.unref();
}
