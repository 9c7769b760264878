import { getPrisma, type Prisma } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { sqlState } from "@/lib/errors/sql-state";

/**
 * Runs a registry write in one transaction. A unique violation that slipped past the checks (two
 * creations deriving the same slug at once) is a 409, never a 500.
 */
export async function runWrite<T>(work: (tx: Prisma.TransactionClient) => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const prisma = await getPrisma();
  try {
    return await prisma.$transaction(work, { timeout: timeoutMs, maxWait: timeoutMs });
  } catch (error) {
    // P2002 from Prisma's own queries; a raw statement's unique violation arrives as P2010 with
    // SQLSTATE 23505 (see sqlState).
    if ((error as { code?: unknown } | null)?.code === "P2002" || sqlState(error) === "23505") {
      throw new ApiError("conflict", "Another write took the same slug at the same moment: retry.");
    }
    throw error;
  }
}
