import type { Prisma } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import type { CurrencyCode } from "./currencies";
import type { GiftView } from "./schemas";
import { giftStateOf } from "./gift-state";
import { verifyGiftCancelToken } from "./gift-cancel-token";
import { intentSelect, type IntentRow } from "./intent-record";


/** The monthly gift a cancel token names, or a 400 naming `token` (altered, expired) or a 404. */
export async function findGiftForCancel(tx: Prisma.TransactionClient, token: string): Promise<{ row: IntentRow; gift: GiftView }> {
  const intentId = await verifyGiftCancelToken(token);
  const row = await tx.donationIntent.findUnique({ where: { id: intentId }, select: intentSelect });
  const state = row && giftStateOf(row);
  if (!row || !state) throw new ApiError("not_found", "This link names no monthly gift that is running or was canceled.");
  return { row, gift: giftViewOf(row, state) };
}

export function giftViewOf(row: IntentRow, state: "active" | "canceled"): GiftView {
  return {
    intent_id: row.id,
    ngo: { slug: row.ngo.slug, name: row.ngo.name },
    amount: row.amount,
    currency: row.currency as CurrencyCode,
    mode: row.mode as GiftView["mode"],
    started_at: row.createdAt.toISOString(),
    state,
  };
}
