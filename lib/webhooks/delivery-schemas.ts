// The delivery log as the API answers it (GET /api/v1/webhook-endpoints/{id}/deliveries and
// /api/v1/events/{id}/deliveries): the types of lib/webhooks/list-deliveries.ts and the
// OpenAPI document's schema, from one definition.
import { z } from "zod";
import { listPageSchema } from "@/lib/schemas/list-page-schema";

export const deliveryAttemptSchema = z.object({
  attempt: z.int(),
  started_at: z.string(),
  latency_ms: z.int(),
  status_code: z.int().nullable().meta({ description: "The receiver's HTTP status; null when no answer came (error says why)." }),
  error: z.string().nullable(),
  response_snippet: z.string().nullable().meta({ description: "The start of the receiver's answer." }),
});

export const deliveryRecordSchema = z
  .object({
    event_id: z.string(),
    event_type: z.string(),
    endpoint_id: z.string(),
    status: z.enum(["pending", "delivered", "failed"]),
    attempts: z.int(),
    next_attempt_at: z.string().nullable().meta({ description: "When the next attempt is due, while pending." }),
    last_status_code: z.int().nullable(),
    last_error: z.string().nullable(),
    created_at: z.string(),
    delivered_at: z.string().nullable(),
    log: z.array(deliveryAttemptSchema).meta({ description: "Every attempt, oldest first." }),
  })
  .meta({ id: "WebhookDelivery" });

export const deliveryListResponseSchema = listPageSchema(deliveryRecordSchema).meta({ id: "WebhookDeliveryList" });

export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;
export type DeliveryRecord = z.infer<typeof deliveryRecordSchema>;
