// What each event type carries, as zod schemas: the OpenAPI document describes every webhook and
// the events list with them. The payloads' TypeScript types (lib/events/event-types.ts) are
// inferred from the same schemas, so the document cannot drift from what is sent.
import { z } from "zod";
import { intentEventDataSchema, subscriptionEventDataSchema } from "@/lib/donations/intent-event-data";
import { registryEventDataSchemas } from "@/lib/events/event-data-schemas";
import { EVENT_TYPES, type EventData, type EventType } from "@/lib/events/event-types";
import { listPageSchema } from "@/lib/schemas/list-page-schema";

/** Every type's `data`: what the events layer describes, and what the donations domain adds. */
export const eventDataSchemas = {
  ...registryEventDataSchemas,
  "donation_intent.created": intentEventDataSchema,
  "donation_intent.succeeded": intentEventDataSchema,
  "donation_intent.failed": intentEventDataSchema,
  "donation_intent.canceled": intentEventDataSchema,
  "donation_intent.refunded": intentEventDataSchema,
  "donation_intent.partially_refunded": intentEventDataSchema,
  "donation_intent.disputed": intentEventDataSchema,
  "donation_subscription.created": subscriptionEventDataSchema,
  "donation_subscription.renewed": subscriptionEventDataSchema,
  "donation_subscription.failed": subscriptionEventDataSchema,
  "donation_subscription.canceled": subscriptionEventDataSchema,
  "donation_subscription.refunded": subscriptionEventDataSchema,
  "donation_subscription.partially_refunded": subscriptionEventDataSchema,
  "donation_subscription.disputed": subscriptionEventDataSchema,
} satisfies { [T in EventType]: z.ZodType<EventData[T]> };

/** The component name of a type's payload in the OpenAPI document: ngo.state_changed → NgoStateChangedEvent. */
export function eventSchemaId(type: EventType): string {
  return `${type.split(/[._]/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("")}Event`;
}

/** The envelope every event has, around its type's data: a webhook's body, an entry of the events list. */
export const eventPayloadSchemas = EVENT_TYPES.map((type) =>
  z
    .object({
      id: z.string().meta({ description: "evt_…: the same on every delivery attempt (webhook-id), for deduplication." }),
      type: z.literal(type),
      created_at: z.string().meta({ description: "When the change was made (RFC 3339, UTC)." }),
      api_version: z.string().meta({ description: "The version of the data shapes." }),
      data: eventDataSchemas[type],
    })
    .meta({ id: eventSchemaId(type) }),
);

export const eventListResponseSchema = listPageSchema(
  z.union(eventPayloadSchemas),
  "Where to continue: the position after the last event shown (the cursor sent, on an empty page). Never null once there is an event: poll with it to get what came since.",
  {
    meta: z.object({
      retention_days: z.int().min(1).meta({ description: "How many days of events the list keeps (EVENTS_RETENTION_DAYS)." }),
      retained_since: z.string().meta({
        description: "Events created before this time (RFC 3339, UTC) are pruned, with their deliveries, except one still being retried: the list reaches back no further.",
      }),
    }),
  },
).meta({ id: "EventList" });
