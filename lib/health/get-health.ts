import { config } from "@/lib/config";
import { APP_VERSION } from "@/lib/version";
import { checkData } from "./check-data";
import { checkDatabase } from "./check-database";
import { checkDeliveries } from "./check-deliveries";
import { checkMigrations } from "./check-migrations";
import { checkPayments } from "./check-payments";
import { checkRateLimitStore } from "./check-rate-limit-store";
import { checkSandbox } from "./check-sandbox";
import { describeFailure } from "./describe-failure";
import type { CheckOutcome, Health, HealthCheck, HealthCheckDefinition, HealthStatus } from "./types";
import { withTimeout } from "@/lib/async/with-timeout";

// Check keys take the draft's "component:measurement" form:
//   database:responseTime  round trip of `SELECT 1`, in ms (fail: unreachable, timeout, busy)
//   database:migrations    { applied, shipped } migration counts, with pending/failed/modified/unknown names
//   payments:provider      the configured payment provider and its mode (sandbox; test or live), fail when unreachable
//   payments:sandbox       whether sandbox mode is on (true|false); a warning in production
//   rateLimit:store        the rate-limit store (memory | upstash); warn while it fails and
//                          requests pass uncounted (fail open), never fail
//   data:kind              postgresql | embedded | preview (a Vercel preview's sample data, which
//                          resets: warn, never fail)
//   webhooks:deliveries    webhook deliveries (to enabled endpoints) and donation settlements overdue
//                          by more than 5 min, with how late the oldest is: warn, since nothing
//                          runs a dispatcher; never fail
const CHECKS: Record<string, HealthCheckDefinition> = {
  "database:responseTime": { componentType: "datastore", run: checkDatabase },
  "database:migrations": { componentType: "datastore", run: checkMigrations },
  "payments:provider": { componentType: "component", run: checkPayments },
  "payments:sandbox": { componentType: "component", run: checkSandbox },
  "rateLimit:store": { componentType: "datastore", run: checkRateLimitStore },
  "webhooks:deliveries": { componentType: "component", run: checkDeliveries, atWorst: "warn" },
  "data:kind": { componentType: "datastore", run: checkData, atWorst: "warn" },
};

// Checks run side by side, each bounded, so the probe answers within about this long even when
// the database drops packets and never answers.
const CHECK_TIMEOUT_MS = 1_500;

const SEVERITY: Record<HealthStatus, number> = { pass: 0, warn: 1, fail: 2 };

/** Runs every check concurrently; the overall status is the worst one. Never throws for a check. */
export async function getHealth(
  checks: Record<string, HealthCheckDefinition> = CHECKS,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<Health> {
  const results = await Promise.all(
    Object.entries(checks).map(async ([key, check]): Promise<[string, HealthCheck]> => {
      const outcome = await withTimeout(check.run(), timeoutMs).catch((error: unknown): CheckOutcome => ({
        status: check.atWorst ?? "fail",
        output: describeFailure(error),
      }));
      return [key, { componentType: check.componentType, ...outcome, time: new Date().toISOString() }];
    }),
  );
  const status = results
    .map(([, result]) => result.status)
    .reduce<HealthStatus>((worst, next) => (SEVERITY[next] > SEVERITY[worst] ? next : worst), "pass");
  return {
    status,
    version: APP_VERSION,
    releaseId: config().releaseId,
    description: "Trust Registry",
    checks: Object.fromEntries(results.map(([key, result]) => [key, [result]])),
  };
}
