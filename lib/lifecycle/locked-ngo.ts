import { Prisma } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import type { NgoState } from "@/lib/tiers";
import type { NgoRef } from "@/lib/events/event-types";

/** An entry as a write sees it: read under its row lock, so no other write moves it meanwhile. */
export type LockedNgo = {
  id: string;
  slug: string;
  name: string;
  legal_name: string;
  registration_number: string;
  sector: string;
  country: string;
  city: string;
  website: string | null;
  description: string;
  founded_year: number | null;
  donations_enabled: boolean;
  state: NgoState;
  trust_score: number;
  version: number;
};

/** The columns of a LockedNgo, by their names there. */
export const LOCKED_NGO_COLUMNS = Prisma.sql`id, slug, name, legal_name, registration_number, sector_id AS sector, country::text AS country, city,
  website, description, founded_year, donations_enabled, state::text AS state, trust_score, version`;

/**
 * The entry with this slug (or id), locked FOR UPDATE until the transaction ends: concurrent
 * writes to one entry queue here and each sees the state the previous one left, so there is no
 * lost update and no two transitions from one state. 404 when there is none.
 */
export async function lockNgo(tx: Prisma.TransactionClient, by: { slug: string } | { id: string }): Promise<LockedNgo> {
  const value = "slug" in by ? by.slug : by.id;
  const where = "slug" in by ? Prisma.sql`slug = ${value}` : Prisma.sql`id = ${value}`;
  const rows = await tx.$queryRaw<LockedNgo[]>`SELECT ${LOCKED_NGO_COLUMNS} FROM ngos WHERE ${where} FOR UPDATE`;
  const row = rows[0];
  if (!row) throw new ApiError("not_found", `No registry entry has the slug '${value}'.`);
  return row;
}

/**
 * The entries with any of these slugs or (country, registration number) pairs, locked FOR UPDATE:
 * an import's batch reads all it may update in one statement.
 */
export async function lockNgosByKeys(
  tx: Prisma.TransactionClient,
  slugs: readonly string[],
  registrations: readonly { country: string; registration_number: string }[],
): Promise<LockedNgo[]> {
  const conditions: Prisma.Sql[] = [];
  if (slugs.length) conditions.push(Prisma.sql`slug IN (${Prisma.join(slugs)})`);
  if (registrations.length) {
    // Two plain IN lists (both served by the (country, registration_number) index) and an exact
    // filter here: a row-value IN list of a few hundred pairs was seen to match nothing on PGlite.
    const countries = [...new Set(registrations.map((r) => r.country))];
    const numbers = [...new Set(registrations.map((r) => r.registration_number))];
    conditions.push(Prisma.sql`(country IN (${Prisma.join(countries)}) AND registration_number IN (${Prisma.join(numbers)}))`);
  }
  if (conditions.length === 0) return [];
  const wanted = new Set(registrations.map((r) => `${r.country}\u0000${r.registration_number}`));
  const wantedSlugs = new Set(slugs);
  const rows = await tx.$queryRaw<LockedNgo[]>`
    SELECT ${LOCKED_NGO_COLUMNS} FROM ngos WHERE ${Prisma.join(conditions, " OR ")}
    ORDER BY id FOR UPDATE`;
  return rows.filter((r) => wantedSlugs.has(r.slug) || wanted.has(`${r.country}\u0000${r.registration_number}`));
}

export function ngoRef(row: Pick<LockedNgo, "id" | "slug" | "name" | "state">): NgoRef {
  return { id: row.id, slug: row.slug, name: row.name, state: row.state };
}
