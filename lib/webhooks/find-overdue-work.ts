import { Prisma, queryRows } from "@/lib/db";

/** Counts stop here: the health probe needs to know that work waits, not exactly how much. */
export const OVERDUE_COUNT_CAP = 10_000;

export type OverdueWork = {
  /** Pending deliveries to enabled endpoints due longer ago than the bound (at most OVERDUE_COUNT_CAP). */
  deliveries: number;
  /** Seconds since the oldest of them was due, or null. */
  oldestDeliverySeconds: number | null;
  /** Processing donation intents whose settlement (the sweep's job) is due longer ago than the bound. */
  settlements: number;
  oldestSettlementSeconds: number | null;
};

/**
 * The work that only a running dispatcher does, due longer ago than `overdueAfterMs`: deliveries
 * and sandbox settlements. Cheap enough for every health probe: deliveries are read per enabled
 * endpoint through the (endpoint_id, status, next_attempt_at) index, so a disabled endpoint's
 * queued backlog (which waits on purpose) is neither counted nor scanned, and settlements through
 * (status, settle_at); each count stops at OVERDUE_COUNT_CAP.
 */
export async function findOverdueWork(overdueAfterMs: number): Promise<OverdueWork> {
  const cutoff = Prisma.sql`now() - ${overdueAfterMs}::int * interval '1 millisecond'`;
  const [row] = await queryRows<OverdueWork>(Prisma.sql`
    WITH late_deliveries AS (
      SELECT x.due_at FROM webhook_endpoints e CROSS JOIN LATERAL (
        SELECT d.next_attempt_at AS due_at FROM webhook_deliveries d
        WHERE d.endpoint_id = e.id AND d.status = 'pending' AND d.next_attempt_at < ${cutoff}
        ORDER BY d.next_attempt_at LIMIT ${OVERDUE_COUNT_CAP}::int) x
      WHERE e.enabled
    ),
    late_settlements AS (
      SELECT settle_at AS due_at FROM donation_intents
      WHERE status = 'processing' AND settle_at < ${cutoff}
      ORDER BY settle_at LIMIT ${OVERDUE_COUNT_CAP}::int
    )
    SELECT least((SELECT count(*) FROM late_deliveries), ${OVERDUE_COUNT_CAP}::int)::int AS deliveries,
           floor(extract(epoch FROM now() - (SELECT min(due_at) FROM late_deliveries)))::int AS "oldestDeliverySeconds",
           (SELECT count(*) FROM late_settlements)::int AS settlements,
           floor(extract(epoch FROM now() - (SELECT min(due_at) FROM late_settlements)))::int AS "oldestSettlementSeconds"`);
  return row ?? { deliveries: 0, oldestDeliverySeconds: null, settlements: 0, oldestSettlementSeconds: null };
}
