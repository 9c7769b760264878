import type { Prisma } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";

const HIDDEN_STATES = new Set(["draft", "pending_review"]);

/**
 * The NGO an intent is for, if it accepts donations: verified and with donations enabled. A
 * hidden entry (draft, pending review) answers exactly like an unknown slug; any other refusal
 * is a 409 saying why.
 */
export async function assertNgoAcceptsDonations(tx: Prisma.TransactionClient, slug: string): Promise<{ id: string; slug: string; name: string; country: string }> {
  const ngo = await tx.ngo.findUnique({ where: { slug }, select: { id: true, slug: true, name: true, country: true, state: true, donationsEnabled: true } });
  if (!ngo || HIDDEN_STATES.has(ngo.state)) throw new ApiError("not_found", `No NGO in the registry has the slug "${slug}".`);
  if (ngo.state !== "verified") {
    throw new ApiError("donations_unavailable", `${ngo.name} is ${ngo.state} in the registry: only verified NGOs accept donations.`);
  }
  if (!ngo.donationsEnabled) throw new ApiError("donations_unavailable", `${ngo.name} does not accept donations through the registry.`);
  return { id: ngo.id, slug: ngo.slug, name: ngo.name, country: ngo.country };
}
