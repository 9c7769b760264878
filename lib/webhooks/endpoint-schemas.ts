// Webhook endpoints: the request bodies of /api/v1/webhook-endpoints and the record the API
// answers with. The secret is never part of the record: it is shown once, when made or rotated.
import { z } from "zod";
import { listPageSchema } from "@/lib/schemas/list-page-schema";
import { EVENT_TYPES } from "@/lib/events/event-types";

const url = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .max(2000, "must be at most 2000 characters")
  .refine((value) => {
    const parsed = new URL(value);
    return parsed.username === "" && parsed.password === "";
  }, "must not carry a user name or password");
const eventTypes = z
  .array(z.enum(EVENT_TYPES, { error: `must be one of ${EVENT_TYPES.join(", ")}` }))
  .max(EVENT_TYPES.length)
  .transform((types) => [...new Set(types)])
  .meta({ description: "The event types to receive; empty or absent means all." });

export const createEndpointSchema = z
  .strictObject({
    url,
    description: z.string().trim().max(500).optional(),
    event_types: eventTypes.optional(),
    enabled: z.boolean().optional(),
  })
  .meta({ description: "Where to send webhooks, and which." });

export const updateEndpointSchema = z
  .strictObject({
    url: url.optional(),
    description: z.string().trim().max(500).optional(),
    event_types: eventTypes.optional(),
    enabled: z.boolean().optional().meta({ description: "true re-enables an endpoint the service disabled, clearing its reason." }),
  })
  .meta({ description: "The settings to change." });

export const rotateSecretSchema = z
  .strictObject({
    overlap_hours: z
      .number()
      .min(0)
      .max(168)
      .optional()
      .meta({ description: "How long the old secret keeps signing beside the new one (default 24, at most 168)." }),
  })
  .meta({ description: "A secret rotation." });

export const endpointRecordSchema = z.object({
  id: z.string().meta({ description: "whep_…" }),
  url: z.string(),
  description: z.string(),
  event_types: z.array(z.string()),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable().meta({ description: "Why the service disabled it (410 Gone, continuous failure)." }),
  failing_since: z.string().nullable(),
  previous_secret_expires_at: z.string().nullable().meta({ description: "Until when the previous secret also signs (rotation overlap)." }),
  created_at: z.string(),
  updated_at: z.string(),
}).meta({ id: "WebhookEndpoint" });

export type EndpointRecord = z.infer<typeof endpointRecordSchema>;

/** Every endpoint in one page (an operator has a handful, so the list is not paged). */
export const endpointListResponseSchema = listPageSchema(endpointRecordSchema).meta({ id: "WebhookEndpointList" });
export type CreateEndpointInput = z.infer<typeof createEndpointSchema>;
export type UpdateEndpointInput = z.infer<typeof updateEndpointSchema>;
