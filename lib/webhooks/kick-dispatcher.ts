import { config } from "@/lib/config";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-wide";
import { dispatchWebhooks } from "./dispatch-webhooks";

type KickState = { running: Promise<void> | null; again: boolean; poller: NodeJS.Timeout | null };

const state = () => processWide<KickState>("webhook-kick", () => ({ running: null, again: false, poller: null }));

/**
 * Delivers what is due now, from this process: the prompt kick after a committing request
 * (`after()`), so a webhook leaves within milliseconds of its change instead of at the next
 * worker poll. One run at a time per process; a kick during a run makes it go round once more.
 * It claims like every other dispatcher, so it can run beside the worker and the cron route.
 */
export function kickDispatcher(): Promise<void> {
  const s = state();
  if (s.running) {
    s.again = true;
    return s.running;
  }
  s.running = (async () => {
    try {
      do {
        s.again = false;
        await dispatchWebhooks();
      } while (s.again);
    } catch (error) {
      log("error", "webhook dispatch failed", { error: error instanceof Error ? error.name : "unknown" });
    } finally {
      s.running = null;
    }
  })();
  return s.running;
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
