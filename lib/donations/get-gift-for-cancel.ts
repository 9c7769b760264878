import { getPrisma } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { findGiftForCancel } from "./find-gift-for-cancel";
import type { GiftView } from "./schemas";

/** The cancel page's view: the gift a token names, or why the link does not work (the problem's detail). */
export async function getGiftForCancel(token: string): Promise<{ gift: GiftView } | { refusal: string }> {
  if (token === "") return { refusal: "token: is missing: open the whole link from your confirmation" };
  const prisma = await getPrisma();
  try {
    return { gift: (await prisma.$transaction((tx) => findGiftForCancel(tx, token))).gift };
  } catch (error) {
    if (error instanceof ApiError) return { refusal: error.detail };
    throw error;
  }
}
