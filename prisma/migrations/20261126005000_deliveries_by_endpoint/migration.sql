-- Dispatchers claim per enabled endpoint (its oldest due deliveries, up to a cap), and deliveries
-- are queued for disabled endpoints too: the queue is read by endpoint, never by status alone.
-- DropIndex
DROP INDEX "webhook_deliveries_status_next_attempt_at_idx";

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_status_next_attempt_at_idx" ON "webhook_deliveries"("endpoint_id", "status", "next_attempt_at");
