-- Refunds and disputes of every payment (issue 20): how much of a gift, or of a monthly gift's
-- payment, has been refunded so far (a partial refund leaves it succeeded), a renewal refunded in
-- full or disputed as a state of its own, and an index by the provider's payment, by which
-- Stripe's charge.refunded and charge.dispute.created find a renewal.

-- AlterTable
ALTER TABLE "donation_intents" ADD COLUMN     "amount_refunded" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "donation_payments" ADD COLUMN     "amount_refunded" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "donation_payments_provider_payment_id_idx" ON "donation_payments"("provider_payment_id");


-- Only legal values: never more refunded than paid, and two more states of a payment.
ALTER TABLE "donation_intents" ADD CONSTRAINT "donation_intents_amount_refunded_check" CHECK ("amount_refunded" >= 0 AND "amount_refunded" <= "amount");
ALTER TABLE "donation_payments" ADD CONSTRAINT "donation_payments_amount_refunded_check" CHECK ("amount_refunded" >= 0 AND "amount_refunded" <= "amount");
ALTER TABLE "donation_payments" DROP CONSTRAINT "donation_payments_status_check";
ALTER TABLE "donation_payments" ADD CONSTRAINT "donation_payments_status_check" CHECK ("status" IN ('succeeded', 'failed', 'refunded', 'disputed'));
