import type { EventType } from "@/lib/events/event-types";
import type { NewEvent } from "@/lib/events/record-event";
import { toOperatorIntentView, type IntentRow } from "./intent-record";
import { toPaymentView, type PaymentRow } from "./payment-record";

/** A monthly gift's donation_subscription.* event: the intent, and the payment it is about (none for its end). */
export function subscriptionEvent(
  type: Extract<EventType, `donation_subscription.${string}`>,
  intent: IntentRow,
  payment: PaymentRow | null,
): NewEvent {
  return { type, data: { donation_intent: toOperatorIntentView(intent), payment: payment && toPaymentView(payment) } };
}
