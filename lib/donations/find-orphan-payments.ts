// Payments a live provider made for intents we never wrote: pending_provider_payments rows left
// behind by intent creation (the process died between the provider's answer and our write, or a
// concurrent duplicate's intent was written instead). What reconciliation cancels at the provider.
import { getPrisma, Prisma } from "@/lib/db";

export type OrphanPayment = { intentId: string; frequency: "one_time" | "monthly"; createdAt: Date };

/**
 * A row younger than this may belong to a creation still waiting for the provider's answer (the
 * SDK's timeout and retries take seconds): its payment must not be canceled under the donor.
 */
export const ORPHAN_MIN_AGE_MS = 5 * 60_000;

export async function findOrphanPayments(provider: string, { olderThanMs, limit, now }: { olderThanMs: number; limit: number; now: Date }): Promise<OrphanPayment[]> {
  const prisma = await getPrisma();
  const before = new Date(now.getTime() - Math.max(olderThanMs, ORPHAN_MIN_AGE_MS));
  return prisma.$queryRaw<OrphanPayment[]>(Prisma.sql`
    SELECT p.intent_id AS "intentId", p.frequency, p.created_at AS "createdAt" FROM pending_provider_payments p
    WHERE p.provider = ${provider} AND p.created_at <= ${before}
      AND NOT EXISTS (SELECT 1 FROM donation_intents i WHERE i.id = p.intent_id)
    ORDER BY p.created_at LIMIT ${limit}`);
}
