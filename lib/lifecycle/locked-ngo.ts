import { Prisma } from "@/lib/db";
import { transactionRunner, type SqlRunner } from "@/lib/db/sql-runner";
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

/** The advisory locks writes of entries queue on (the first key of pg_advisory_xact_lock(int, int)), and how many. */
const WRITE_QUEUE_LOCK = 72190030;
const WRITE_QUEUES = 256;

/**
 * Queues the transaction behind every other write to these entries (`ids`: a query of their ids),
 * before it writes anything. The events API lists events in the order of the ids of the
 * transactions that wrote them (lib/webhooks/list-events.ts), and PostgreSQL gives a transaction
 * its id at its first write, a row lock included (once it has it: a transaction waiting for its
 * first row lock has none yet). A write that got its id and then waited for an entry could commit
 * after a later-numbered write of the same entry and be listed before it, and a reader following
 * the list would end with the older state: an import's batch locks its entries one after another,
 * holding the first while it waits for the next, and on PostgreSQL writes its temporary tables
 * before it locks any. An advisory lock takes no id, so a write that queues here first gets its
 * id only once the writes queued before it have ended; single-entry writes queue too, or one
 * could take an entry an import has queued for but not yet locked.
 *
 * Entries share the queues by a hash of their id: a batch of 20,000 takes at most 256 locks
 * (PostgreSQL's lock table is small), in ascending order, so two writes that each queue once
 * never deadlock here; unrelated writes meet in one queue once in 256 pairs. Every write of an
 * existing entry calls this before its row locks: lockNgo and lockNgosByKeys, and the import's
 * COPY path directly.
 */
export async function queueEntryWrites(run: SqlRunner, ids: Prisma.Sql): Promise<void> {
  await run(Prisma.sql`
    SELECT pg_advisory_xact_lock(${Prisma.raw(String(WRITE_QUEUE_LOCK))}, queue)::text FROM (
      SELECT DISTINCT (hashtextextended(id, 0) & ${Prisma.raw(String(WRITE_QUEUES - 1))})::int AS queue FROM (${ids}) AS entries
      ORDER BY queue) AS queues`);
}

/**
 * The entry with this slug (or id), locked FOR UPDATE until the transaction ends: concurrent
 * writes to one entry queue here and each sees the state the previous one left, so there is no
 * lost update and no two transitions from one state. 404 when there is none.
 */
export async function lockNgo(tx: Prisma.TransactionClient, by: { slug: string } | { id: string }): Promise<LockedNgo> {
  const value = "slug" in by ? by.slug : by.id;
  const where = "slug" in by ? Prisma.sql`slug = ${value}` : Prisma.sql`id = ${value}`;
  await queueEntryWrites(transactionRunner(tx), Prisma.sql`SELECT id FROM ngos WHERE ${where}`);
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
  const where = Prisma.join(conditions, " OR ");
  await queueEntryWrites(transactionRunner(tx), Prisma.sql`SELECT id FROM ngos WHERE ${where}`);
  const rows = await tx.$queryRaw<LockedNgo[]>`SELECT ${LOCKED_NGO_COLUMNS} FROM ngos WHERE ${where} ORDER BY id FOR UPDATE`;
  return rows.filter((r) => wantedSlugs.has(r.slug) || wanted.has(`${r.country}\u0000${r.registration_number}`));
}

export function ngoRef(row: Pick<LockedNgo, "id" | "slug" | "name" | "state">): NgoRef {
  return { id: row.id, slug: row.slug, name: row.name, state: row.state };
}
