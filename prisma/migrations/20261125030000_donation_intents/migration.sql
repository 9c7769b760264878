-- Donation intents (DESIGN.md §5) and the Idempotency-Keys of their creation.

-- CreateTable
CREATE TABLE "donation_intents" (
    "id" TEXT NOT NULL,
    "ngo_id" TEXT NOT NULL,
    "api_key_id" TEXT,
    "client_secret_hash" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'requires_payment_method',
    "mode" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "frequency" TEXT NOT NULL,
    "donor_name" TEXT,
    "donor_email" TEXT,
    "anonymous" BOOLEAN NOT NULL DEFAULT false,
    "message" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "failure_code" TEXT,
    "cancellation_reason" TEXT,
    "card_last4" TEXT,
    "settle_at" TIMESTAMPTZ(3),
    "settle_outcome" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "donation_intents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_keys" (
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "status_code" INTEGER NOT NULL,
    "response" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("scope","key")
);

-- CreateIndex
CREATE INDEX "donation_intents_created_at_id_idx" ON "donation_intents"("created_at", "id");

-- CreateIndex
CREATE INDEX "donation_intents_ngo_id_created_at_id_idx" ON "donation_intents"("ngo_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "donation_intents_status_created_at_id_idx" ON "donation_intents"("status", "created_at", "id");

-- CreateIndex
CREATE INDEX "donation_intents_status_settle_at_idx" ON "donation_intents"("status", "settle_at");

-- CreateIndex
CREATE INDEX "donation_intents_status_expires_at_idx" ON "donation_intents"("status", "expires_at");

-- CreateIndex
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");

-- AddForeignKey
ALTER TABLE "donation_intents" ADD CONSTRAINT "donation_intents_ngo_id_fkey" FOREIGN KEY ("ngo_id") REFERENCES "ngos"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "donation_intents" ADD CONSTRAINT "donation_intents_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Only legal values: the states of the lifecycle, the two modes and frequencies, a positive amount.
ALTER TABLE "donation_intents" ADD CONSTRAINT "donation_intents_status_check" CHECK ("status" IN ('requires_payment_method', 'processing', 'succeeded', 'failed', 'canceled'));
ALTER TABLE "donation_intents" ADD CONSTRAINT "donation_intents_mode_check" CHECK ("mode" IN ('sandbox', 'live'));
ALTER TABLE "donation_intents" ADD CONSTRAINT "donation_intents_frequency_check" CHECK ("frequency" IN ('one_time', 'monthly'));
ALTER TABLE "donation_intents" ADD CONSTRAINT "donation_intents_amount_check" CHECK ("amount" > 0);
