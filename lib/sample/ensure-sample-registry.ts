import type { PrismaClient } from "@/lib/db/generated/client";
import { log } from "@/lib/log";
import { DEFAULT_SAMPLE_COUNT, DEFAULT_SAMPLE_SEED } from "./generate-sample-registry";
import { seedSampleRegistry } from "./seed-sample-registry";

/**
 * Gives a fresh embedded database something to show: an empty registry gets the default sample
 * registry. A registry with any entry, sample or not, is left alone.
 */
export async function ensureSampleRegistry(prisma: PrismaClient): Promise<void> {
  const [row] = await prisma.$queryRaw<{ empty: boolean }[]>`SELECT NOT EXISTS (SELECT 1 FROM "ngos") AS empty`;
  if (!row?.empty) return;
  const started = performance.now();
  const loaded = await seedSampleRegistry(prisma, { count: DEFAULT_SAMPLE_COUNT, seed: DEFAULT_SAMPLE_SEED });
  log("info", "empty registry: loaded the sample registry", {
    ngos: loaded.ngos,
    seed: DEFAULT_SAMPLE_SEED,
    ms: Math.round(performance.now() - started),
  });
}
