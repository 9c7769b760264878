-- The NGO lifecycle (write API) and webhooks: a transactional outbox of events, the endpoints
-- that subscribe to them, one delivery row per (event, endpoint) that doubles as the work queue,
-- and a log of every attempt.

-- Every write bumps the entry's version: its ETag, so If-Match can make an update conditional.
ALTER TABLE "ngos" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1;

-- Import upserts by registration number within a country when no slug is given.
-- CreateIndex
CREATE INDEX "ngos_country_registration_number_idx" ON "ngos"("country", "registration_number");

-- CreateTable
CREATE TABLE "webhook_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "api_version" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "event_types" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabled_reason" TEXT,
    "secret" TEXT NOT NULL,
    "previous_secret" TEXT,
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "failing_since" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "event_id" TEXT NOT NULL,
    "endpoint_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lease_token" TEXT,
    "last_status_code" INTEGER,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("event_id","endpoint_id")
);

-- CreateTable
CREATE TABLE "webhook_delivery_attempts" (
    "id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "endpoint_id" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "latency_ms" INTEGER NOT NULL,
    "status_code" INTEGER,
    "error" TEXT,
    "response_snippet" TEXT,

    CONSTRAINT "webhook_delivery_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_events_created_at_id_idx" ON "webhook_events"("created_at", "id");

-- CreateIndex
CREATE INDEX "webhook_events_type_created_at_id_idx" ON "webhook_events"("type", "created_at", "id");

-- CreateIndex
CREATE INDEX "webhook_endpoints_created_at_id_idx" ON "webhook_endpoints"("created_at", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_created_at_event_id_idx" ON "webhook_deliveries"("endpoint_id", "created_at", "event_id");

-- CreateIndex
CREATE INDEX "webhook_delivery_attempts_event_id_endpoint_id_attempt_idx" ON "webhook_delivery_attempts"("event_id", "endpoint_id", "attempt");

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "webhook_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_event_id_endpoint_id_fkey" FOREIGN KEY ("event_id", "endpoint_id") REFERENCES "webhook_deliveries"("event_id", "endpoint_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Guards the schema cannot express. Prisma leaves list columns nullable, hence the IS NOT NULL.
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_id_format" CHECK ("id" ~ '^evt_[0-9A-Za-z]{20,40}$');
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_id_format" CHECK ("id" ~ '^whep_[0-9a-z]{20}$');
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_secret_format" CHECK ("secret" ~ '^whsec_');
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_event_types_present" CHECK ("event_types" IS NOT NULL);
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_status_known" CHECK ("status" IN ('pending', 'delivered', 'failed'));
ALTER TABLE "ngos" ADD CONSTRAINT "ngos_version_positive" CHECK ("version" >= 1);
