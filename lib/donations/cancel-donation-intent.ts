// POST …/intent/{id}/cancel — the donor gives up. Only an intent still waiting for a payment
// method can be canceled: once processing, the provider's outcome stands.
import { getPrisma } from "@/lib/db";
import { invalidInput } from "@/lib/errors/invalid-input";
import { recordEvent } from "@/lib/events/record-event";
import { findIntentForSecret } from "./find-intent-for-secret";
import { intentSelect, toIntentView, type IntentRow } from "./intent-record";
import { notPossibleIn } from "./not-possible-in";
import { secretOnlyInputSchema, type DonationIntentView } from "./schemas";
import { intentEvent } from "./settle-intents";

export async function cancelDonationIntent(id: string, body: unknown): Promise<DonationIntentView> {
  const parsed = secretOnlyInputSchema.safeParse(body);
  if (!parsed.success) throw invalidInput(parsed.error);
  const prisma = await getPrisma();
  const outcome = await prisma.$transaction(async (tx): Promise<{ row: IntentRow } | { refused: IntentRow }> => {
    const current = await findIntentForSecret(tx, id, parsed.data.client_secret);
    if (current.status !== "requires_payment_method") return { refused: current };
    const [row] = await tx.donationIntent.updateManyAndReturn({
      where: { id, status: "requires_payment_method" },
      data: { status: "canceled", cancellationReason: "requested_by_donor", updatedAt: new Date() },
      select: intentSelect,
    });
    if (!row) return { refused: await tx.donationIntent.findUniqueOrThrow({ where: { id }, select: intentSelect }) };
    await recordEvent(tx, intentEvent(row));
    return { row };
  });
  if ("refused" in outcome) throw notPossibleIn(outcome.refused.status, "canceled");
  return toIntentView(outcome.row);
}
