import { config } from "@/lib/config";
import { log } from "@/lib/log";
import { claimDeliveries, type ClaimedDelivery } from "./claim-deliveries";
import { deliverClaimed } from "./deliver-claimed";
import { dispatcherState, type DispatcherState } from "./dispatcher-state";
import { periodicJobs } from "./periodic-jobs";

const JOBS_EVERY_MS = 1_000;
/** While deliveries are in flight, a dispatch looks for newly due ones at least this often. */
const BUSY_POLL_MS = 1_000;

export type DispatchResult = { attempted: number; delivered: number };

/**
 * Delivers what is due until nothing is, or until `signal` aborts (a worker's SIGTERM, the cron
 * route's time budget). It keeps up to WEBHOOKS_BATCH_SIZE deliveries in flight in this process,
 * at most WEBHOOKS_ENDPOINT_CONCURRENCY of them to one endpoint, and claims more as soon as a slot
 * frees or a kick says new work is due — never waiting for a batch's slowest send — so a slow or
 * dead endpoint delays only its own deliveries. A stopping dispatch claims nothing more and waits
 * for what it holds: no claimed delivery is abandoned to its lease. Once the process is stopping
 * (stopDispatching) no dispatch claims anything, and a send still in flight when its grace runs
 * out is cut off and handed back. Every dispatch also runs the periodic jobs that the entry point
 * registered (the donation sweep: settles the due intents, cancels the expired) at most once a
 * second per process, so their events go out in the same run and expiry needs no donor request.
 */
export async function dispatchWebhooks({ signal, pollMs = BUSY_POLL_MS }: { signal?: AbortSignal; pollMs?: number } = {}): Promise<DispatchResult> {
  const { batchSize, endpointConcurrency, timeoutMs } = config().webhooks;
  // The lease outlasts the attempt's timeout with room for recording it; a dispatcher killed
  // mid-attempt delays its deliveries by this much, no more.
  const leaseMs = 2 * timeoutMs + 5_000;
  const shared = dispatcherState();
  const result: DispatchResult = { attempted: 0, delivered: 0 };
  const mine = new Set<Promise<void>>();
  // Whether new work may be due: set at the start, by a full claim, a freed slot, a kick or the poll.
  let due = true;
  let wake = () => {};
  const bell = () => {
    due = true;
    wake();
  };
  const onAbort = () => wake();
  shared.bells.add(bell);
  signal?.addEventListener("abort", onAbort, { once: true });
  const start = (claim: ClaimedDelivery) => {
    shared.total++;
    shared.inFlight.set(claim.endpoint_id, (shared.inFlight.get(claim.endpoint_id) ?? 0) + 1);
    result.attempted++;
    const attempt: Promise<void> = deliverClaimed(claim, shared.cutOff.signal)
      .then((outcome) => {
        if (outcome === "delivered") result.delivered++;
      })
      .catch((error: unknown) => {
        // The delivery stays claimed until its lease runs out, then it is retried.
        log("error", "webhook delivery failed to record", { error: error instanceof Error ? error.name : "unknown" });
      })
      .finally(() => {
        release(shared, claim.endpoint_id);
        mine.delete(attempt);
      });
    mine.add(attempt);
  };
  try {
    while (!signal?.aborted && !shared.stopping) {
      if (await runJobsIfDue(shared)) due = true;
      const free = batchSize - shared.total;
      if (due && free > 0) {
        due = false;
        const perEndpoint = Math.min(endpointConcurrency, batchSize);
        const claimed = await claimDeliveries({ total: free, perEndpoint, inFlight: shared.inFlight }, leaseMs);
        claimed.forEach(start);
        // A full claim may have left more due work behind.
        if (claimed.length === free) due = true;
        if (claimed.length === 0 && mine.size === 0 && !due) break;
        continue;
      }
      // Nothing to claim now: wait for a freed slot, a kick, the poll or the abort.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          due = true;
          resolve();
        }, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = () => {};
    }
  } finally {
    shared.bells.delete(bell);
    signal?.removeEventListener("abort", onAbort);
    await Promise.all(mine);
  }
  return result;
}

/** Frees a slot, and tells every waiting dispatch of the process that one is free. */
function release(shared: DispatcherState, endpointId: string): void {
  shared.total--;
  const left = (shared.inFlight.get(endpointId) ?? 1) - 1;
  if (left > 0) shared.inFlight.set(endpointId, left);
  else shared.inFlight.delete(endpointId);
  for (const ring of shared.bells) ring();
}

/**
 * The periodic jobs, at most once a second per process: the kick after every committing request
 * would otherwise run them once per request, and expiry and settling need no finer clock than
 * that. True when one of them recorded events to deliver. A job that fails is logged and the
 * others still run.
 */
async function runJobsIfDue(shared: DispatcherState): Promise<boolean> {
  if (Date.now() - shared.jobsRanAt < JOBS_EVERY_MS) return false;
  shared.jobsRanAt = Date.now();
  let recorded = false;
  for (const [name, job] of periodicJobs()) {
    try {
      if (await job()) recorded = true;
    } catch (error) {
      log("error", `${name} failed`, { error: error instanceof Error ? error.name : "unknown" });
    }
  }
  return recorded;
}
