import type { OperatorIntentView } from "@/lib/donations/schemas";

// The event types webhooks carry and the payload envelope (DESIGN.md §6). Payloads are
// versioned: a change to any `data` shape that could break a receiver needs a new API_VERSION.

export const WEBHOOK_API_VERSION = "2026-11-25";

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
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** The few fields that name an entry in every ngo.* event. */
export type NgoRef = { id: string; slug: string; name: string; state: string };

/** What each type's `data` holds. */
export type EventData = {
  "ngo.created": { ngo: NgoRef & { sector: string; country: string; trust_score: number } };
  "ngo.updated": { ngo: NgoRef; changed: string[] };
  "ngo.state_changed": { ngo: NgoRef; from: string; to: string; reason: string; actor: string };
  "ngo.trust_score_changed": { ngo: NgoRef; old: number; new: number; methodology_version: string };
  "api_key.created": { api_key: ApiKeyRef };
  "api_key.revoked": { api_key: ApiKeyRef };
  // The intent as operators see it (lib/donations/schemas.ts), donor included, never the client secret.
  "donation_intent.created": { donation_intent: OperatorIntentView };
  "donation_intent.succeeded": { donation_intent: OperatorIntentView };
  "donation_intent.failed": { donation_intent: OperatorIntentView };
  "donation_intent.canceled": { donation_intent: OperatorIntentView };
};

export type ApiKeyRef = { id: string; name: string; kind: string; tier: string; scopes: string[] };

/** One event as stored, listed by GET /api/v1/events and sent as a webhook's body. */
export type WebhookEventPayload<T extends EventType = EventType> = {
  id: string;
  type: T;
  created_at: string;
  api_version: string;
  data: EventData[T];
};

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}
