import { Prisma, queryRows } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { isPublicState } from "@/lib/tiers";

export type DonationNgo = { id: string; slug: string; name: string; country: string };

/** An NGO's row as the donation checks read it. */
export type DonationNgoRow = DonationNgo & { state: string; donations_enabled: boolean };

/** The columns of `ngos` the checks read, for statements that fetch them along with something else. */
export const DONATION_NGO_COLUMNS = Prisma.sql`id, slug, name, country::text AS country, state::text AS state, donations_enabled`;

/** The NGO with this slug, if it accepts donations (see checkNgoAcceptsDonations). */
export async function assertNgoAcceptsDonations(slug: string): Promise<DonationNgo> {
  const [row] = await queryRows<DonationNgoRow>(Prisma.sql`SELECT ${DONATION_NGO_COLUMNS} FROM ngos WHERE slug = ${slug}`);
  return checkNgoAcceptsDonations(row, slug);
}

/**
 * Only a verified NGO with donations enabled accepts donations. An entry the public may not see
 * (lib/tiers.ts: draft, pending review, archived) answers exactly like an unknown slug, to every
 * caller; any other refusal is a 409 saying why.
 */
export function checkNgoAcceptsDonations(row: DonationNgoRow | null | undefined, slug: string): DonationNgo {
  if (!row || !isPublicState(row.state)) throw new ApiError("not_found", `No NGO in the registry has the slug "${slug}".`);
  if (row.state !== "verified") {
    throw new ApiError("donations_unavailable", `${row.name} is ${row.state} in the registry: only verified NGOs accept donations.`);
  }
  if (!row.donations_enabled) throw new ApiError("donations_unavailable", `${row.name} does not accept donations through the registry.`);
  return { id: row.id, slug: row.slug, name: row.name, country: row.country };
}
