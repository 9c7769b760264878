import { getPrisma, type Prisma } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";

/**
 * Runs a registry write in one transaction. A unique violation that slipped past the checks (two
 * creations deriving the same slug at once) is a 409, never a 500.
 */
export async function runWrite<T>(work: (tx: Prisma.TransactionClient) => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const prisma = await getPrisma();
  try {
    return await prisma.$transaction(work, { timeout: timeoutMs, maxWait: timeoutMs });
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === "P2002") {
      throw new ApiError("conflict", "Another write took the same slug at the same moment: retry.");
    }
    throw error;
  }
}
