import { z } from "zod";
import { dateTimeSchema } from "@/lib/schemas/date-schemas";
import { PAGE_SIZE } from "@/lib/registry/schemas";
import { EVENT_TYPES } from "@/lib/events/event-types";

const TIME_ERROR = "must be an RFC 3339 time with a time zone";

const time = (meaning: string) =>
  dateTimeSchema(TIME_ERROR).transform((v) => new Date(v)).meta({
    description: meaning,
    openapi: { type: "string", format: "date-time" },
  });

const limit = z
  .string()
  .regex(/^\d{1,3}$/, `must be an integer from 1 to ${PAGE_SIZE.max}`)
  .transform(Number)
  .pipe(z.number().int().min(1, `must be an integer from 1 to ${PAGE_SIZE.max}`).max(PAGE_SIZE.max, `must be an integer from 1 to ${PAGE_SIZE.max}`))
  .meta({ openapi: { type: "integer", minimum: 1, maximum: PAGE_SIZE.max } });

export const listEventsQuerySchema = z.object({
  type: z
    .string()
    .transform((s) => [...new Set(s.split(",").map((v) => v.trim()))])
    .pipe(z.array(z.enum(EVENT_TYPES, { error: `must be one or more of ${EVENT_TYPES.join(", ")}, separated by commas` })).min(1))
    .optional()
    .meta({ description: "Only events of these types (separated by commas)." }),
  since: time("Only events created at or after this time.").optional(),
  until: time("Only events created before this time.").optional(),
  limit: limit.optional().meta({ description: `Page size, 1–${PAGE_SIZE.max} (default ${PAGE_SIZE.default}).` }),
  cursor: z.string().max(500).optional().meta({ description: "page.next_cursor of an earlier answer to the same filters: where to continue." }),
});

export const listDeliveriesQuerySchema = z.object({
  status: z
    .enum(["pending", "delivered", "failed"], { error: "must be pending, delivered or failed" })
    .optional()
    .meta({ description: "Only deliveries with this status." }),
  limit: limit.optional().meta({ description: `Page size, 1–${PAGE_SIZE.max} (default ${PAGE_SIZE.default}).` }),
  cursor: z.string().max(500).optional().meta({ description: "page.next_cursor of the previous page, with the same status." }),
});

export const redeliverSchema = z
  .strictObject({
    event_id: z.string().regex(/^evt_[0-9A-Za-z]{20,40}$/, "must be an event id (evt_…)").optional(),
    since: dateTimeSchema(TIME_ERROR).optional(),
  })
  .refine((v) => (v.event_id === undefined) !== (v.since === undefined), { message: "give exactly one of event_id and since", path: ["event_id"] })
  .meta({ description: "What to send again: one event, or every event since a time." });

export type ListEventsQuery = z.infer<typeof listEventsQuerySchema>;
export type ListDeliveriesQuery = z.infer<typeof listDeliveriesQuerySchema>;
