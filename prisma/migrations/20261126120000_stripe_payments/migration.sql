-- Live payments (Stripe, issue 20): the provider's ids on each intent, a monthly gift's payments
-- (its first and each renewal), and the provider events already applied, by id, so that a
-- replayed webhook changes nothing. Refunds and disputes are two more states of an intent.

-- AlterTable
ALTER TABLE "donation_intents" ADD COLUMN     "provider_customer_id" TEXT,
ADD COLUMN     "provider_payment_id" TEXT,
ADD COLUMN     "provider_subscription_id" TEXT,
ADD COLUMN     "subscription_status" TEXT;

-- CreateTable
CREATE TABLE "donation_payments" (
    "id" TEXT NOT NULL,
    "intent_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "provider_invoice_id" TEXT,
    "provider_payment_id" TEXT,
    "failure_code" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "donation_payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_provider_events" (
    "provider" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_provider_events_pkey" PRIMARY KEY ("provider","event_id")
);

-- CreateIndex
CREATE INDEX "donation_payments_intent_id_created_at_idx" ON "donation_payments"("intent_id", "created_at");

-- CreateIndex
CREATE INDEX "payment_provider_events_received_at_idx" ON "payment_provider_events"("received_at");

-- CreateIndex
CREATE INDEX "donation_intents_provider_payment_id_idx" ON "donation_intents"("provider_payment_id");

-- CreateIndex
CREATE INDEX "donation_intents_provider_subscription_id_idx" ON "donation_intents"("provider_subscription_id");

-- AddForeignKey
ALTER TABLE "donation_payments" ADD CONSTRAINT "donation_payments_intent_id_fkey" FOREIGN KEY ("intent_id") REFERENCES "donation_intents"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Only legal values: two more states (a succeeded gift refunded or disputed at the provider), a
-- payment's two outcomes, and a subscription's two states.
ALTER TABLE "donation_intents" DROP CONSTRAINT "donation_intents_status_check";
ALTER TABLE "donation_intents" ADD CONSTRAINT "donation_intents_status_check" CHECK ("status" IN ('requires_payment_method', 'processing', 'succeeded', 'failed', 'canceled', 'refunded', 'disputed'));
ALTER TABLE "donation_intents" ADD CONSTRAINT "donation_intents_subscription_status_check" CHECK ("subscription_status" IN ('active', 'canceled'));
ALTER TABLE "donation_payments" ADD CONSTRAINT "donation_payments_status_check" CHECK ("status" IN ('succeeded', 'failed'));
ALTER TABLE "donation_payments" ADD CONSTRAINT "donation_payments_amount_check" CHECK ("amount" > 0);
