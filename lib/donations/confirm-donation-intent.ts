// POST …/intent/{id}/confirm — pay with a sandbox test card. The provider decides; the transition
// is one conditional UPDATE from requires_payment_method, so of two confirms at once exactly one
// wins and the other is a 409, and a final state never changes again. A live provider collects
// the card itself (its fields in the widget): our API takes no card number then.
import { ApiError } from "@/lib/errors/api-error";
import { getPrisma } from "@/lib/db";
import { invalidInput } from "@/lib/errors/invalid-input";
import { paymentProviderOf } from "@/lib/payments/payment-provider-of";
import { normaliseCardNumber } from "@/lib/payments/test-cards";
import { recordEvent } from "@/lib/events/record-event";
import { findIntentForSecret } from "./find-intent-for-secret";
import { intentSelect, toIntentView, type IntentRow } from "./intent-record";
import { notPossibleIn } from "./not-possible-in";
import { confirmIntentInputSchema, type DonationIntentView } from "./schemas";
import { intentEvent } from "./settle-intents";

export async function confirmDonationIntent(id: string, body: unknown): Promise<DonationIntentView> {
  const provider = paymentProviderOf();
  const charge = provider.charge?.bind(provider);
  if (!charge) {
    throw new ApiError(
      "provider_collects_payment",
      `The payment provider (${provider.id}) collects the payment details itself, in the widget: this API takes no card number in live mode.`,
    );
  }
  const parsed = confirmIntentInputSchema.safeParse(body);
  if (!parsed.success) throw invalidInput(parsed.error);
  const cardNumber = normaliseCardNumber(parsed.data.card_number);
  const prisma = await getPrisma();
  const outcome = await prisma.$transaction(async (tx): Promise<{ row: IntentRow } | { refused: IntentRow }> => {
    const current = await findIntentForSecret(tx, id, parsed.data.client_secret);
    if (current.status !== "requires_payment_method") return { refused: current };
    const now = new Date();
    const charged = charge({ amount: current.amount, currency: current.currency, cardNumber, now });
    const data =
      charged.status === "processing"
        ? { status: "processing", settleAt: charged.settleAt, settleOutcome: charged.then.status === "succeeded" ? "succeeded" : `failed:${charged.then.code}` }
        : { status: charged.status, failureCode: charged.status === "failed" ? charged.code : null };
    const [row] = await tx.donationIntent.updateManyAndReturn({
      where: { id, status: "requires_payment_method", expiresAt: { gt: now } },
      data: { ...data, cardLast4: cardNumber.slice(-4), updatedAt: now },
      select: intentSelect,
    });
    if (!row) return { refused: (await tx.donationIntent.findUniqueOrThrow({ where: { id }, select: intentSelect })) };
    if (row.status !== "processing") await recordEvent(tx, intentEvent(row));
    return { row };
  });
  if ("refused" in outcome) throw notPossibleIn(outcome.refused.status, "confirmed");
  return toIntentView(outcome.row);
}
