// A provider's event, applied to our intent. Each change is one conditional UPDATE, so a replayed,
// duplicated or late event changes nothing: a failure never overrides a success. One exception to
// "a final state never changes": a provider's success wins over our failed or canceled (the donor
// retried with another card, or paid after our intent expired), since money did move. Refunds and
// disputes, of a gift or of a monthly gift's renewal, are apply-charge-event.ts's.
import type { Prisma } from "@/lib/db";
import { recordEvents, type NewEvent } from "@/lib/events/record-event";
import type { PaymentEvent } from "@/lib/payments/payment-provider";
import { applyChargeEvent } from "./apply-charge-event";
import { applySubscriptionEvent } from "./apply-subscription-event";
import { intentSelect } from "./intent-record";
import { intentEvent } from "./settle-intents";

type IntentEvent = Extract<PaymentEvent, { kind: "processing" | "succeeded" | "failed" | "canceled" }>;
type ChargeEvent = Extract<PaymentEvent, { kind: "refunded" | "disputed" }>;

/** Applies the event in the caller's transaction, with the events it records. */
export async function applyPaymentEvent(tx: Prisma.TransactionClient, provider: string, event: PaymentEvent, now = new Date()): Promise<void> {
  const events = isIntentEvent(event)
    ? await applyIntentEvent(tx, provider, event, now)
    : isChargeEvent(event)
      ? await applyChargeEvent(tx, provider, event, now)
      : await applySubscriptionEvent(tx, provider, event, now);
  await recordEvents(tx, events);
}

function isIntentEvent(event: PaymentEvent): event is IntentEvent {
  return ["processing", "succeeded", "failed", "canceled"].includes(event.kind);
}

function isChargeEvent(event: PaymentEvent): event is ChargeEvent {
  return event.kind === "refunded" || event.kind === "disputed";
}

async function applyIntentEvent(tx: Prisma.TransactionClient, provider: string, event: IntentEvent, now: Date): Promise<NewEvent[]> {
  const { where, data } = transitionOf(event);
  const rows = await tx.donationIntent.updateManyAndReturn({ where: { ...where, provider }, data: { ...data, updatedAt: now }, select: intentSelect });
  // processing is no final state: as with the sandbox's delayed card, it records no event.
  return event.kind === "processing" ? [] : rows.map(intentEvent);
}

const OPEN = ["requires_payment_method", "processing"];

function transitionOf(event: IntentEvent): { where: Prisma.DonationIntentWhereInput; data: Prisma.DonationIntentUpdateManyMutationInput } {
  switch (event.kind) {
    case "processing":
      return { where: { id: event.intentId, status: "requires_payment_method" }, data: { status: "processing" } };
    case "succeeded":
      return {
        where: { id: event.intentId, status: { in: [...OPEN, "failed", "canceled"] } },
        data: {
          status: "succeeded",
          failureCode: null,
          cancellationReason: null,
          ...(event.cardLast4 ? { cardLast4: event.cardLast4 } : {}),
          ...(event.paymentRef ? { providerPaymentId: event.paymentRef } : {}),
        },
      };
    case "failed":
      return { where: { id: event.intentId, status: { in: OPEN } }, data: { status: "failed", failureCode: event.code } };
    case "canceled":
      return { where: { id: event.intentId, status: { in: OPEN } }, data: { status: "canceled", cancellationReason: "canceled_at_provider" } };
  }
}
