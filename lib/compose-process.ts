// The calls that lower layers make back into the domains, named in one place: the dispatcher runs
// the donation sweep, with a live payment provider the reconcile sweep, and the outbox's retention;
// a fresh embedded database gets the sample registry. Neither the dispatcher (lib/webhooks) nor the
// database (lib/db) imports a domain; every entry point that may dispatch or open a database calls
// composeProcess() first: instrumentation.ts (the server, with its cron route and prompt kick),
// scripts/worker.ts, the CLI (lib/cli/run-cli.ts), the benchmark. The domains load when first called, as before: a CLI command pays for neither.
import { setEmbeddedFill } from "@/lib/db/embedded-fill";
import { registerPeriodicJob } from "@/lib/webhooks/periodic-jobs";

/** Sets this process's hooks; calling it again changes nothing. */
export function composeProcess(): void {
  registerPeriodicJob("donation intent sweep", async () => {
    const { sweepDonationIntents } = await import("@/lib/donations/sweep-donation-intents");
    return (await sweepDonationIntents()).changed > 0;
  });
  registerPeriodicJob("donation reconcile sweep", async () => {
    const { reconcileSweep } = await import("@/lib/donations/reconcile-sweep");
    return reconcileSweep();
  });
  // The outbox's own chore; registered here with the others so that a dispatch runs them in one place.
  registerPeriodicJob("event retention", async () => {
    const { pruneEventsPeriodically } = await import("@/lib/webhooks/prune-events-periodically");
    await pruneEventsPeriodically();
    return false;
  });
  setEmbeddedFill(async (prisma) => {
    const { ensureSampleRegistry } = await import("@/lib/sample/ensure-sample-registry");
    await ensureSampleRegistry(prisma);
  });
}
