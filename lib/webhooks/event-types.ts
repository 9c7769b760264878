import type { z } from "zod";
import type { eventDataSchemas } from "./event-payload-schemas";
import type { EventType } from "./event-type-names";

// The payload envelope of the events webhooks carry (DESIGN.md §6). Payloads are
// versioned: a change to any `data` shape that could break a receiver needs a new API_VERSION.

export const WEBHOOK_API_VERSION = "2026-11-25";

export { EVENT_TYPES, isEventType, type EventType } from "./event-type-names";

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
