// The event types webhooks carry (docs/webhooks.md#events), on their own so that the payload
// schemas and the payload types built from them can both name them.

export const EVENT_TYPES = [
  "ngo.created",
  "ngo.updated",
  "ngo.state_changed",
  "ngo.trust_score_changed",
  "api_key.created",
  "api_key.revoked",
  "donation_intent.created",
  "donation_intent.succeeded",
  "donation_intent.failed",
  "donation_intent.canceled",
  "donation_intent.refunded",
  "donation_intent.partially_refunded",
  "donation_intent.disputed",
  "donation_subscription.created",
  "donation_subscription.renewed",
  "donation_subscription.failed",
  "donation_subscription.canceled",
  "donation_subscription.refunded",
  "donation_subscription.partially_refunded",
  "donation_subscription.disputed",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}
