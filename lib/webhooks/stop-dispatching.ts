import { dispatcherState } from "./dispatcher-state";

/** After the cut-off, how long the handing back may take (one short UPDATE per delivery). */
const RELEASE_MS = 5_000;

/**
 * Stops this process's webhook dispatching, for a shutdown (SIGTERM to the server or the worker):
 * no dispatch claims anything more, the poller's ticks start nothing, and the deliveries in flight
 * get `graceMs` to finish. Those still waiting for an answer then are cut off and handed back, due
 * at once, so another dispatcher delivers them promptly rather than after the lease (twice the
 * attempt timeout). Resolves when no delivery of the process is in flight any more.
 */
export async function stopDispatching(graceMs: number): Promise<void> {
  const shared = dispatcherState();
  shared.stopping = true;
  const idle = new Promise<void>((resolve) => {
    const check = () => {
      if (shared.total > 0) return;
      shared.bells.delete(check);
      resolve();
    };
    // A dispatch rings the bells whenever a delivery ends.
    shared.bells.add(check);
    check();
  });
  // Waiting dispatches wake, see the process stopping, and wait only for what they hold.
  for (const ring of [...shared.bells]) ring();
  const cutOff = setTimeout(() => shared.cutOff.abort(), graceMs);
  let giveUp: NodeJS.Timeout | undefined;
  await Promise.race([idle, new Promise<void>((resolve) => (giveUp = setTimeout(resolve, graceMs + RELEASE_MS)))]);
  clearTimeout(cutOff);
  clearTimeout(giveUp);
}
