import { getPrisma } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { intentSelect, toOperatorIntentView } from "./intent-record";
import type { OperatorIntentView } from "./schemas";

/** One intent with its donor, for operators (GET /api/v1/donation-intents/{id}, the CLI). */
export async function getIntentForOperator(id: string): Promise<OperatorIntentView> {
  const prisma = await getPrisma();
  const row = await prisma.donationIntent.findUnique({ where: { id }, select: intentSelect });
  if (!row) throw new ApiError("not_found", `No donation intent has the id "${id}".`);
  return toOperatorIntentView(row);
}
