import { config } from "@/lib/config";
import { Prisma, queryRows } from "@/lib/db";

/** Events created before this moment are past the retention window (EVENTS_RETENTION_DAYS). */
export function retentionCutoff(now = new Date()): Date {
  return new Date(now.getTime() - config().webhooks.retentionDays * 86_400_000);
}

export type PruneResult = { deleted: number; cutoff: string; more: boolean };

/**
 * Deletes the events older than the retention window (EVENTS_RETENTION_DAYS) with their
 * deliveries and delivery attempts (foreign keys cascade), oldest first, `batchSize` events per
 * statement and at most `maxBatches` statements: each batch is one short transaction, so pruning
 * a large backlog never holds locks for long or grows one transaction without bound. An event with
 * a delivery still pending to an enabled endpoint is kept until that delivery ends (the retry
 * schedule is about 28 hours); a disabled endpoint's backlog goes with its events. Rows another
 * pruner holds are skipped, so several processes may prune at once. `more` says a batch came back
 * full: there may be more to prune.
 */
export async function pruneEvents({ batchSize = 1_000, maxBatches = 10, now = new Date() } = {}): Promise<PruneResult> {
  const cutoff = retentionCutoff(now);
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    // Walks the (created_at, id) index from its oldest end; the few events kept for their
    // pending deliveries are read again by each batch, the deleted ones never.
    const [row] = await queryRows<{ deleted: number }>(Prisma.sql`
      WITH doomed AS (
        SELECT e.id FROM webhook_events e
        WHERE e.created_at < ${cutoff}
          AND NOT EXISTS (
            SELECT 1 FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id
            WHERE d.event_id = e.id AND d.status = 'pending' AND w.enabled)
        ORDER BY e.created_at, e.id
        LIMIT ${batchSize}::int
        FOR UPDATE OF e SKIP LOCKED
      ), gone AS (
        DELETE FROM webhook_events WHERE id IN (SELECT id FROM doomed) RETURNING 1
      )
      SELECT count(*)::int AS deleted FROM gone`);
    const count = row?.deleted ?? 0;
    deleted += count;
    if (count < batchSize) return { deleted, cutoff: cutoff.toISOString(), more: false };
  }
  return { deleted, cutoff: cutoff.toISOString(), more: true };
}
