// Graceful shutdown of the server (`next start`, or the standalone server.js). Next's own SIGTERM
// and SIGINT handler already stops accepting connections, lets the requests in flight finish,
// waits for their after() callbacks, and then calls process.exit. It knows nothing of the app's
// own background work, which this adds: webhook dispatching stops claiming at once, deliveries in
// flight get SHUTDOWN_GRACE_MS to finish and are then handed back for another dispatcher, and the
// database is closed (PGlite flushes and frees its lock) — all before Next's exit takes effect.
import { config } from "@/lib/config";
import { closeConnection } from "@/lib/db";
import { log } from "@/lib/log";
import { stopDispatching } from "@/lib/webhooks/stop-dispatching";

/** After the grace, the longest the hand-back and closing the database may take. */
const CLOSE_MS = 10_000;

export function installGracefulShutdown(): void {
  // Only beside Next's own handler, which `next start` and server.js register before this runs.
  // Elsewhere (a serverless runtime, NEXT_MANUAL_SIG_HANDLE) a listener of ours would take away
  // the signal's default, which is to end the process.
  if (process.listenerCount("SIGTERM") === 0) return;
  let drained: Promise<void> | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (drained) return;
    log("info", "server stopping", { signal });
    drained = stopDispatching(config().shutdownGraceMs);
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
  // Next exits as soon as its requests are done, which may be before the deliveries are: its
  // exit waits for them, then for the database to close (no request uses it any more by then).
  // An exit with no signal before it (a fatal error) happens at once, as it would have.
  const exit = process.exit.bind(process);
  let exiting = false;
  process.exit = ((code?: number | string | null) => {
    if (!drained) return exit(code);
    if (exiting) return undefined as never;
    exiting = true;
    // Whatever hangs (a database that stopped answering), the process ends within this.
    setTimeout(() => exit(code), config().shutdownGraceMs + CLOSE_MS).unref();
    void drained
      .then(() => closeConnection())
      .catch(() => {})
      .finally(() => {
        log("info", "server stopped");
        exit(code);
      });
    return undefined as never;
  }) as typeof process.exit;
}
