-- Orphaned payments at a live provider (issue 20): the intent id of each payment asked of the
-- provider is written before the call and deleted with the intent's own write, so that one the
-- process never wrote (it died in between) is found and canceled at the provider by
-- reconciliation rather than left open there.

-- CreateTable
CREATE TABLE "pending_provider_payments" (
    "intent_id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "frequency" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pending_provider_payments_pkey" PRIMARY KEY ("intent_id")
);

-- CreateIndex
CREATE INDEX "pending_provider_payments_created_at_idx" ON "pending_provider_payments"("created_at");


-- Only legal values.
ALTER TABLE "pending_provider_payments" ADD CONSTRAINT "pending_provider_payments_frequency_check" CHECK ("frequency" IN ('one_time', 'monthly'));
