import { Prisma } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { sqlState } from "@/lib/errors/sql-state";
import { slugify } from "@/lib/sample/slugify";
import { TRUST_METHODOLOGY_VERSION, type TrustScore } from "@/lib/trust/components";
import { randomId, timeOrderedId } from "@/lib/random-id";
import { recordEvents, type NewEvent } from "@/lib/events/record-event";
import { transactionRunner, type SqlRunner } from "@/lib/db/sql-runner";
import { actorText, type Actor } from "./actor";
import type { CreateNgoInput } from "./schemas";
import { scoreFromInputs } from "./score-from-inputs";

export type InsertedNgo = { id: string; slug: string; version: number };

/** Creates one draft entry (see insertNgos). */
export async function insertNgo(tx: Prisma.TransactionClient, input: CreateNgoInput, actor: Actor, now = new Date()): Promise<InsertedNgo> {
  const [inserted] = await insertNgos(tx, [input], actor, now);
  return inserted!;
}

/**
 * Creates draft entries from validated input, in the caller's transaction: the rows, their first
 * history lines, their scores where inputs are given, and one ngo.created event each — in a few
 * statements however many entries (an import's batch). A given slug that is taken is a 409; a
 * derived one gets the first free -2, -3, … suffix.
 */
export async function insertNgos(
  tx: Prisma.TransactionClient,
  inputs: readonly CreateNgoInput[],
  actor: Actor,
  now = new Date(),
): Promise<InsertedNgo[]> {
  if (inputs.length === 0) return [];
  const rows = newNgoRows(inputs, await assignSlugs(transactionRunner(tx), inputs), now);
  // Column arrays and unnest: one statement per table whatever the batch size, with a dozen
  // parameters instead of a dozen per row (the bound-parameter cost was most of an import's time).
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => rows.map(pick);
  await insertRows(rows.map((r) => r.slug), () => tx.$executeRaw`
    INSERT INTO ngos (id, slug, name, legal_name, registration_number, country, city, sector_id, website, description,
      founded_year, donations_enabled, state, trust_score, trust_methodology, trust_as_of, created_at, updated_at)
    SELECT t.id, t.slug, t.name, t.legal_name, t.registration_number, t.country, t.city, t.sector_id, t.website, t.description,
      t.founded_year, t.donations_enabled, 'draft', t.trust_score, t.trust_methodology, t.trust_as_of, ${now}, ${now}
    FROM unnest(
      ${column((r) => r.id)}::text[], ${column((r) => r.slug)}::text[], ${column((r) => r.input.name)}::text[],
      ${column((r) => r.input.legal_name || r.input.name)}::text[], ${column((r) => r.input.registration_number ?? "")}::text[],
      ${column((r) => r.input.country)}::text[], ${column((r) => r.input.city ?? "")}::text[], ${column((r) => r.input.sector)}::text[],
      ${column((r) => r.input.website ?? null)}::text[], ${column((r) => r.input.description ?? "")}::text[],
      ${column((r) => r.input.founded_year ?? null)}::int[], ${column((r) => r.input.donations_enabled ?? false)}::boolean[],
      ${column((r) => r.score?.score ?? 0)}::int[], ${column((r) => r.score?.methodology_version ?? TRUST_METHODOLOGY_VERSION)}::text[],
      ${column((r) => (r.score?.as_of ?? now).toISOString())}::timestamptz[]
    ) AS t(id, slug, name, legal_name, registration_number, country, city, sector_id, website, description,
      founded_year, donations_enabled, trust_score, trust_methodology, trust_as_of)`);
  const components = rows.flatMap(({ id, score }) => (score?.components ?? []).map((c) => ({ ngoId: id, ...c })));
  if (components.length) {
    const part = <T>(pick: (c: (typeof components)[number]) => T) => components.map(pick);
    await tx.$executeRaw`
      INSERT INTO trust_score_components (ngo_id, component, score, weight, evidence_date, source)
      SELECT * FROM unnest(${part((c) => c.ngoId)}::text[], ${part((c) => c.component)}::text[], ${part((c) => c.score)}::int[],
        ${part((c) => c.weight)}::int[], ${part((c) => c.evidence_date.toISOString().slice(0, 10))}::date[], ${part((c) => c.source)}::text[])`;
  }
  await tx.$executeRaw`
    INSERT INTO ngo_state_transitions (id, ngo_id, from_state, to_state, actor, reason, created_at)
    SELECT t.id, t.ngo_id, NULL, 'draft', ${actorText(actor)}, 'created', ${now}
    FROM unnest(${column(() => randomId("nst"))}::text[], ${column((r) => r.id)}::text[]) AS t(id, ngo_id)`;
  await recordEvents(tx, rows.map(createdEvent));
  return rows.map(({ id, slug }) => ({ id, slug, version: 1 }));
}

/**
 * Runs the insert of the rows. A slug found free a moment ago can be taken by a concurrent
 * creation before this one commits (the unique index waits for it, then refuses): a 409 naming
 * the slug, never a 500.
 */
async function insertRows(slugs: readonly string[], insert: () => Promise<unknown>): Promise<void> {
  try {
    await insert();
  } catch (error) {
    if (sqlState(error) !== "23505") throw error;
    const named = slugs.length === 1 ? `The slug '${slugs[0]}' was` : `One of the slugs ${slugs.slice(0, 5).map((s) => `'${s}'`).join(", ")}${slugs.length > 5 ? ", …" : ""} was`;
    throw new ApiError("conflict", `${named} taken by another registry entry created at the same moment: retry.`);
  }
}

export type NewNgoRow = { input: CreateNgoInput; id: string; slug: string; score: TrustScore | null };

/** The new entries' ids, slugs and scores: what both import paths write. */
export function newNgoRows(inputs: readonly CreateNgoInput[], slugs: readonly string[], now: Date): NewNgoRow[] {
  // Ids sort by creation (the bulk export reads in id order, from neighbouring pages); one batch's
  // share their time, so they are handed out in sorted order: the batch's rows, written in input
  // order, lie in id order too.
  const ids = inputs.map(() => timeOrderedId("ngo", 10, now.getTime())).sort();
  return inputs.map((input, i) => ({
    input,
    id: ids[i]!,
    slug: slugs[i]!,
    score: input.trust_components?.length ? scoreFromInputs(input.trust_components, now) : null,
  }));
}

export function createdEvent({ input, id, slug, score }: NewNgoRow): NewEvent<"ngo.created"> {
  return {
    type: "ngo.created",
    data: { ngo: { id, slug, name: input.name, state: "draft", sector: input.sector, country: input.country, trust_score: score?.score ?? 0 } },
  };
}

/** A free slug for each input: one query for the whole batch, a prefix scan only for clashes. */
export async function assignSlugs(sql: SqlRunner, inputs: readonly CreateNgoInput[]): Promise<string[]> {
  const wanted = inputs.map((input) => input.slug ?? (slugify(input.name, 80) || "ngo"));
  const taken = new Set((await sql<{ slug: string }>(Prisma.sql`SELECT slug FROM ngos WHERE slug = ANY(${[...new Set(wanted)]}::text[])`)).map((r) => r.slug));
  const used = new Set<string>();
  const slugs: string[] = [];
  for (const [i, input] of inputs.entries()) {
    let slug = wanted[i]!;
    if (input.slug) {
      if (taken.has(slug) || used.has(slug)) throw new ApiError("conflict", `The slug '${slug}' is taken by another registry entry.`);
    } else if (taken.has(slug) || used.has(slug)) {
      // A derived slug is letters, digits and hyphens: nothing LIKE would read as a pattern.
      const prefixed = new Set((await sql<{ slug: string }>(Prisma.sql`SELECT slug FROM ngos WHERE slug LIKE ${`${slug}-%`}`)).map((r) => r.slug));
      let n = 2;
      while (prefixed.has(`${slug}-${n}`) || used.has(`${slug}-${n}`)) n++;
      slug = `${slug}-${n}`;
    }
    used.add(slug);
    slugs.push(slug);
  }
  return slugs;
}
