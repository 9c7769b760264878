import type { PrismaClient } from "@/lib/db/generated/client";

/** Loads the sample registry into an empty embedded database. (Placeholder until the generator lands.) */
export async function ensureSampleRegistry(prisma: PrismaClient): Promise<void> {
  void prisma;
}
