import { getPrisma } from "@/lib/db";
import type { CheckOutcome } from "./types";

/** Reachability and round-trip time of the database. */
export async function checkDatabase(): Promise<CheckOutcome> {
  const prisma = await getPrisma();
  // Timed from here: opening the embedded database (migrate, seed) is not a round trip.
  const started = performance.now();
  await prisma.$queryRaw`SELECT 1`;
  return { status: "pass", observedValue: Math.round(performance.now() - started), observedUnit: "ms" };
}
