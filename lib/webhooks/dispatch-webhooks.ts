import { config } from "@/lib/config";
import { sweepDonationIntents } from "@/lib/donations/sweep-donation-intents";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-wide";
import { claimDeliveries } from "./claim-deliveries";
import { deliverClaimed } from "./deliver-claimed";

const SWEEP_EVERY_MS = 1_000;

export type DispatchResult = { attempted: number; delivered: number };

/**
 * Claims due deliveries batch by batch and attempts each batch's deliveries concurrently, until
 * none is due, `maxBatches` is reached or `signal` aborts (a worker's SIGTERM): a batch already
 * claimed always runs to its end, so stopping never abandons a claimed delivery to its lease.
 * Every dispatcher also sweeps donation intents first (settles the due, cancels the expired), so
 * their events go out in the same run and expiry needs no donor request.
 */
export async function dispatchWebhooks({ maxBatches = Infinity, signal }: { maxBatches?: number; signal?: AbortSignal } = {}): Promise<DispatchResult> {
  const { batchSize, timeoutMs } = config().webhooks;
  // The lease outlasts the attempt's timeout with room for recording it; a dispatcher killed
  // mid-batch delays its deliveries by this much, no more.
  const leaseMs = 2 * timeoutMs + 5_000;
  const result: DispatchResult = { attempted: 0, delivered: 0 };
  // At most once a second per process: the kick after every committing request would otherwise
  // sweep once per request, and expiry and settling need no finer clock than that.
  const sweep = processWide("donation-sweep", () => ({ lastAt: 0 }));
  if (Date.now() - sweep.lastAt >= SWEEP_EVERY_MS) {
    sweep.lastAt = Date.now();
    await sweepDonationIntents().catch((error: unknown) => {
      log("error", "donation intent sweep failed", { error: error instanceof Error ? error.name : "unknown" });
    });
  }
  for (let batch = 0; batch < maxBatches && !signal?.aborted; batch++) {
    const claimed = await claimDeliveries(batchSize, leaseMs);
    if (claimed.length === 0) break;
    const outcomes = await Promise.all(
      claimed.map((claim) =>
        deliverClaimed(claim).catch((error: unknown) => {
          // The delivery stays claimed until its lease runs out, then it is retried.
          log("error", "webhook delivery failed to record", { error: error instanceof Error ? error.name : "unknown" });
          return "skipped" as const;
        }),
      ),
    );
    result.attempted += claimed.length;
    result.delivered += outcomes.filter((o) => o === "delivered").length;
  }
  return result;
}
