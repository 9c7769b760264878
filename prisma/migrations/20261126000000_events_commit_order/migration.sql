-- GET /api/v1/events pages in the order of the transactions that wrote the events, not of
-- created_at (stamped before commit, so an event that committed late could land behind a
-- reader's cursor). Each event keeps the 64-bit id of its transaction.

-- DropIndex
DROP INDEX "webhook_events_type_created_at_id_idx";

-- AlterTable
ALTER TABLE "webhook_events" ADD COLUMN "txid" BIGINT;

-- Events written before this migration sort before every later one (transaction ids are
-- positive), among themselves in the order the list used to give them.
UPDATE "webhook_events" AS e SET "txid" = o.n - o.total - 1
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n, count(*) OVER () AS total FROM "webhook_events") AS o
WHERE o."id" = e."id";

ALTER TABLE "webhook_events" ALTER COLUMN "txid" SET DEFAULT (pg_current_xact_id())::text::bigint,
    ALTER COLUMN "txid" SET NOT NULL;

-- CreateIndex
CREATE INDEX "webhook_events_txid_id_idx" ON "webhook_events"("txid", "id");

-- CreateIndex
CREATE INDEX "webhook_events_type_txid_id_idx" ON "webhook_events"("type", "txid", "id");
