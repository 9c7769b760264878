// What the donation_intent.* events carry: the intent as operators see it, never its client
// secret. Described here, beside the intent's shapes, and added to the events layer's table of
// payload types below, because that layer sits under donations and may not import them.
import { z } from "zod";
import { donationPaymentSchema, operatorIntentSchema } from "./schemas";

export const intentEventDataSchema = z.object({ donation_intent: operatorIntentSchema });

/** A monthly gift's events: the intent, and the payment concerned (none for canceled). */
export const subscriptionEventDataSchema = z.object({ donation_intent: operatorIntentSchema, payment: donationPaymentSchema.nullable() });

type IntentEventData = z.infer<typeof intentEventDataSchema>;
type SubscriptionEventData = z.infer<typeof subscriptionEventDataSchema>;

declare module "@/lib/events/event-types" {
  interface EventDataByType {
    "donation_intent.created": IntentEventData;
    "donation_intent.succeeded": IntentEventData;
    "donation_intent.failed": IntentEventData;
    "donation_intent.canceled": IntentEventData;
    "donation_intent.refunded": IntentEventData;
    "donation_intent.partially_refunded": IntentEventData;
    "donation_intent.disputed": IntentEventData;
    "donation_subscription.created": SubscriptionEventData;
    "donation_subscription.renewed": SubscriptionEventData;
    "donation_subscription.failed": SubscriptionEventData;
    "donation_subscription.canceled": SubscriptionEventData;
    "donation_subscription.refunded": SubscriptionEventData;
    "donation_subscription.partially_refunded": SubscriptionEventData;
    "donation_subscription.disputed": SubscriptionEventData;
  }
}
