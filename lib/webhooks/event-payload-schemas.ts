// What each event type carries, as zod schemas: the TypeScript types of the payloads
// (event-types.ts) are inferred from them, and the OpenAPI document describes every webhook and
// the events list with them. Written once, so the document cannot drift from what is sent.
import { z } from "zod";
import { operatorIntentSchema } from "@/lib/donations/schemas";
import { listPageSchema } from "@/lib/schemas/list-page-schema";
import { EVENT_TYPES, type EventType } from "./event-type-names";

const ngoRef = z
  .object({ id: z.string().meta({ description: "ngo_…" }), slug: z.string(), name: z.string(), state: z.string() })
  .meta({ description: "The entry the event is about, as it is after the change." });

const apiKeyRef = z.object({
  id: z.string().meta({ description: "key_…" }),
  name: z.string(),
  kind: z.string().meta({ description: "secret or publishable" }),
  tier: z.string(),
  scopes: z.array(z.string()),
});

const intent = z.object({ donation_intent: operatorIntentSchema });

export const eventDataSchemas = {
  "ngo.created": z.object({ ngo: ngoRef.extend({ sector: z.string(), country: z.string(), trust_score: z.number() }) }),
  "ngo.updated": z.object({
    ngo: ngoRef,
    changed: z.array(z.string()).meta({ description: "The fields whose value changed (trust_components for new score inputs)." }),
  }),
  "ngo.state_changed": z.object({
    ngo: ngoRef,
    from: z.string(),
    to: z.string(),
    reason: z.string(),
    actor: z.string().meta({ description: "Who moved it: a name and an id, e.g. an API key's." }),
  }),
  "ngo.trust_score_changed": z.object({ ngo: ngoRef, old: z.number(), new: z.number(), methodology_version: z.string() }),
  "api_key.created": z.object({ api_key: apiKeyRef }),
  "api_key.revoked": z.object({ api_key: apiKeyRef }),
  "donation_intent.created": intent,
  "donation_intent.succeeded": intent,
  "donation_intent.failed": intent,
  "donation_intent.canceled": intent,
} satisfies Record<EventType, z.ZodType>;

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
).meta({ id: "EventList" });
