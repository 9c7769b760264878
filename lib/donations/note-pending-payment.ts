import { getPrisma } from "@/lib/db";
import type { PaymentRequest } from "@/lib/payments/payment-provider";

/**
 * Writes, before a live provider is asked for a payment, that our intent `intentId` is being
 * made, so that the payment is found and canceled there if the intent is never written (the
 * process dying between the provider's answer and our write): see PendingProviderPayment. The
 * intent's own write deletes it in the same statement (create-donation-intent.ts).
 */
export async function notePendingPayment(provider: string, intentId: string, frequency: PaymentRequest["frequency"]): Promise<void> {
  const prisma = await getPrisma();
  await prisma.pendingProviderPayment.create({ data: { intentId, provider, frequency } });
}
