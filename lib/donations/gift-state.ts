import type { IntentRow } from "./intent-record";

/**
 * Where a monthly gift stands: active (it recurs), canceled (it no longer does), or null when the
 * intent is no running gift (one-time, or its first payment never succeeded). At a live provider
 * the subscription's status says it; the sandbox keeps no subscription, so its succeeded monthly
 * gift is active until the donor cancels it.
 */
export function giftStateOf(row: Pick<IntentRow, "frequency" | "status" | "subscriptionStatus" | "providerSubscriptionId">): "active" | "canceled" | null {
  if (row.frequency !== "monthly") return null;
  if (row.subscriptionStatus === "active" || row.subscriptionStatus === "canceled") return row.subscriptionStatus;
  return row.providerSubscriptionId === null && row.status === "succeeded" ? "active" : null;
}
