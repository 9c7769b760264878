import { getPrisma } from "@/lib/db";
import { findIntentForSecret } from "./find-intent-for-secret";
import { toIntentView } from "./intent-record";
import type { DonationIntentView } from "./schemas";

/** GET …/intent/{id}?client_secret=… — the intent's state, as the donor's page may see it. */
export async function getDonationIntent(id: string, clientSecret: string): Promise<DonationIntentView> {
  const prisma = await getPrisma();
  return toIntentView(await prisma.$transaction((tx) => findIntentForSecret(tx, id, clientSecret)));
}
