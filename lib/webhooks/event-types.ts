import type { z } from "zod";
import type { eventDataSchemas } from "./event-payload-schemas";

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

/** What each type's `data` holds (lib/webhooks/event-payload-schemas.ts). */
export type EventData = { [T in EventType]: z.infer<(typeof eventDataSchemas)[T]> };

/** The few fields that name an entry in every ngo.* event. */
export type NgoRef = EventData["ngo.updated"]["ngo"];

export type ApiKeyRef = EventData["api_key.created"]["api_key"];

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
