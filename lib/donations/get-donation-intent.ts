import { getPrisma } from "@/lib/db";
import { findIntentForSecret } from "./find-intent-for-secret";
import { giftStateOf } from "./gift-state";
import { mintGiftCancelToken } from "./gift-cancel-token";
import { toIntentView } from "./intent-record";
import type { FollowedIntentView } from "./schemas";

/**
 * GET …/intent/{id}?client_secret=… — the intent's state, as the donor's page may see it; for a
 * monthly gift that is running, the donor's signed cancel link (under `origin`, the registry's
 * as the caller reached it), which the confirmation offers.
 */
export async function getDonationIntent(id: string, clientSecret: string, origin: string): Promise<FollowedIntentView> {
  const prisma = await getPrisma();
  const row = await prisma.$transaction((tx) => findIntentForSecret(tx, id, clientSecret));
  const running = giftStateOf(row) === "active";
  const cancelUrl = running ? `${origin}/donations/cancel?token=${await mintGiftCancelToken(row.id)}` : null;
  return { ...toIntentView(row), cancel_url: cancelUrl };
}
