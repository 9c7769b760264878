import { processWide } from "@/lib/process-wide";

/** A chore that runs with the dispatches; true when it recorded events, which the run then delivers. */
export type PeriodicJob = () => Promise<boolean>;

const jobs = () => processWide("periodic-jobs", () => new Map<string, PeriodicJob>());

/**
 * Adds a chore to every dispatch of this process (worker, cron route, the server's kick and
 * poller), run at most once a second: the donation sweep, so that its events go out in the same
 * run and expiry needs no donor request. The dispatcher imports no domain: the entry points
 * register the jobs (lib/compose-process.ts). The name is what a failure is logged as; registering
 * a name again replaces its job.
 */
export function registerPeriodicJob(name: string, job: PeriodicJob): void {
  jobs().set(name, job);
}

/** The jobs registered in this process, in the order they were first registered. */
export function periodicJobs(): ReadonlyMap<string, PeriodicJob> {
  return jobs();
}
