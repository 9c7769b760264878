import { OVERDUE_COUNT_CAP, findOverdueWork, type OverdueWork } from "@/lib/webhooks/find-overdue-work";
import type { CheckOutcome } from "./types";

/**
 * Work due longer ago than this means no dispatcher is running: a worker or the embedded poller
 * picks work up within a second or two, the cron route within its minute, and a claimed delivery
 * is not due again until its lease ends (at most 2 × 60 s + 5 s).
 */
export const OVERDUE_AFTER_MS = 5 * 60_000;

/**
 * Whether webhooks and sandbox settlements are being worked off: `warn` while any is overdue,
 * with how many and how late the oldest is, since nothing delivers them until a dispatcher runs
 * (worker, cron route, embedded poller; a request's prompt kick only covers what it committed).
 * Never `fail`: the API answers without it. A disabled endpoint's deliveries wait on purpose and
 * are not counted.
 */
export async function checkDeliveries(find: (overdueAfterMs: number) => Promise<OverdueWork> = findOverdueWork): Promise<CheckOutcome> {
  const work = await find(OVERDUE_AFTER_MS);
  const observedValue = {
    overdueDeliveries: work.deliveries,
    oldestOverdueSeconds: work.oldestDeliverySeconds,
    overdueSettlements: work.settlements,
    oldestOverdueSettlementSeconds: work.oldestSettlementSeconds,
  };
  const findings = [
    work.deliveries > 0 ? `${count(work.deliveries, "webhook delivery", "webhook deliveries")} overdue, the oldest by ${duration(work.oldestDeliverySeconds ?? 0)}` : null,
    work.settlements > 0 ? `${count(work.settlements, "donation settlement", "donation settlements")} overdue, the oldest by ${duration(work.oldestSettlementSeconds ?? 0)}` : null,
  ].filter((finding) => finding !== null);
  if (findings.length === 0) return { status: "pass", observedValue };
  return {
    status: "warn",
    observedValue,
    output: `${findings.join("; ")}: no dispatcher is running, or none keeps up (npm run worker, the cron route, WEBHOOKS_POLL_MS)`,
  };
}

function count(n: number, one: string, many: string): string {
  return `${n >= OVERDUE_COUNT_CAP ? "at least " : ""}${n} ${n === 1 ? one : many}`;
}

function duration(seconds: number): string {
  if (seconds >= 7_200) return `${Math.floor(seconds / 3_600)} h`;
  if (seconds >= 120) return `${Math.floor(seconds / 60)} min`;
  return `${seconds} s`;
}
