import { Webhook } from "standardwebhooks";

/**
 * The Standard Webhooks headers of one attempt, signed with the spec's own library. During a
 * secret rotation both secrets sign, space-separated, so a receiver holding either verifies.
 * webhook-id is the event id: the same on every retry, so receivers can deduplicate.
 */
export function signWebhook(eventId: string, body: string, secrets: readonly string[], now = new Date()): Record<string, string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(eventId, now, body));
  return {
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}
