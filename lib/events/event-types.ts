import type { z } from "zod";
import type { registryEventDataSchemas } from "./event-data-schemas";
import type { EventType } from "./event-type-names";

// The payload envelope of the events webhooks carry (docs/webhooks.md#events). Payloads are
// versioned: a change to any `data` shape that could break a receiver needs a new API_VERSION.

export const WEBHOOK_API_VERSION = "2026-11-25";

export { EVENT_TYPES, isEventType, type EventType } from "./event-type-names";

/**
 * What each type's `data` holds. The ngo.* and api_key.* shapes are inferred from
 * event-data-schemas.ts; a domain whose shapes this layer may not import adds its own types to
 * this interface (lib/donations/intent-event-data.ts adds donation_intent.*). A type of
 * EVENT_TYPES that nobody adds fails to compile here.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface, so that a domain can add to it
export interface EventDataByType extends RegistryEventData {}

type RegistryEventData = { [T in keyof typeof registryEventDataSchemas]: z.infer<(typeof registryEventDataSchemas)[T]> };

export type EventData = Pick<EventDataByType, EventType>;

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
