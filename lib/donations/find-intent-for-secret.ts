import type { Prisma } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { clientSecretMatches } from "./client-secret";
import { intentSelect, type IntentRow } from "./intent-record";
import { settleIntents } from "./settle-intents";

/**
 * The intent `id`, for the holder of its client secret, with any due transition applied first.
 * A wrong secret answers like an unknown id: the secret is the capability, and a guess learns nothing.
 */
export async function findIntentForSecret(tx: Prisma.TransactionClient, id: string, clientSecret: string): Promise<IntentRow> {
  const notFound = new ApiError("not_found", "No donation intent has this id, or the client secret does not belong to it.");
  if (!/^di_[0-9a-z]{24}$/.test(id)) throw notFound;
  const row = await tx.donationIntent.findUnique({ where: { id }, select: intentSelect });
  if (!row || !clientSecretMatches(clientSecret, row.clientSecretHash)) throw notFound;
  const [changed] = await settleIntents(tx, { id });
  return changed ?? row;
}
