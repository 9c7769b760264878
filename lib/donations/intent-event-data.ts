// What the donation_intent.* events carry: the intent as operators see it, never its client
// secret. Described here, beside the intent's shapes, and added to the events layer's table of
// payload types below, because that layer sits under donations and may not import them.
import { z } from "zod";
import { operatorIntentSchema } from "./schemas";

export const intentEventDataSchema = z.object({ donation_intent: operatorIntentSchema });

type IntentEventData = z.infer<typeof intentEventDataSchema>;

declare module "@/lib/events/event-types" {
  interface EventDataByType {
    "donation_intent.created": IntentEventData;
    "donation_intent.succeeded": IntentEventData;
    "donation_intent.failed": IntentEventData;
    "donation_intent.canceled": IntentEventData;
  }
}
