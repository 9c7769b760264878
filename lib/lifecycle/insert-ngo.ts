import { Prisma } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { slugify } from "@/lib/sample/slugify";
import { TRUST_METHODOLOGY_VERSION, type TrustScore } from "@/lib/trust/components";
import { randomId } from "@/lib/webhooks/random-id";
import { recordEvents } from "@/lib/webhooks/record-event";
import { actorText, type Actor } from "./actor";
import type { CreateNgoInput } from "./schemas";
import { scoreFromInputs } from "./score-from-inputs";
import { writeScore } from "./write-score";

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
  const slugs = await assignSlugs(tx, inputs);
  const rows = inputs.map((input, i) => ({
    input,
    id: randomId("ngo"),
    slug: slugs[i]!,
    score: input.trust_components?.length ? scoreFromInputs(input.trust_components, now) : null,
  }));
  await tx.ngo.createMany({
    data: rows.map(({ input, id, slug }) => ({
      id,
      slug,
      name: input.name,
      legalName: input.legal_name || input.name,
      registrationNumber: input.registration_number ?? "",
      country: input.country,
      city: input.city ?? "",
      sectorId: input.sector,
      website: input.website ?? null,
      description: input.description ?? "",
      foundedYear: input.founded_year ?? null,
      donationsEnabled: input.donations_enabled ?? false,
      state: "draft",
      trustScore: 0,
      trustMethodology: TRUST_METHODOLOGY_VERSION,
      trustAsOf: now,
      createdAt: now,
      updatedAt: now,
    })),
  });
  for (const row of rows) if (row.score) await writeScore(tx, row.id, row.score as TrustScore);
  await tx.ngoStateTransition.createMany({
    data: rows.map(({ id }) => ({ id: randomId("nst"), ngoId: id, fromState: null, toState: "draft" as const, actor: actorText(actor), reason: "created", createdAt: now })),
  });
  await recordEvents(
    tx,
    rows.map(({ input, id, slug, score }) => ({
      type: "ngo.created" as const,
      data: { ngo: { id, slug, name: input.name, state: "draft", sector: input.sector, country: input.country, trust_score: score?.score ?? 0 } },
    })),
  );
  return rows.map(({ id, slug }) => ({ id, slug, version: 1 }));
}

/** A free slug for each input: one query for the whole batch, a prefix scan only for clashes. */
async function assignSlugs(tx: Prisma.TransactionClient, inputs: readonly CreateNgoInput[]): Promise<string[]> {
  const wanted = inputs.map((input) => input.slug ?? (slugify(input.name).slice(0, 80) || "ngo"));
  const taken = new Set(
    (await tx.$queryRaw<{ slug: string }[]>`SELECT slug FROM ngos WHERE slug IN (${Prisma.join([...new Set(wanted)])})`).map((r) => r.slug),
  );
  const used = new Set<string>();
  const slugs: string[] = [];
  for (const [i, input] of inputs.entries()) {
    let slug = wanted[i]!;
    if (input.slug) {
      if (taken.has(slug) || used.has(slug)) throw new ApiError("conflict", `The slug '${slug}' is taken by another registry entry.`);
    } else if (taken.has(slug) || used.has(slug)) {
      const prefixed = new Set(
        (await tx.ngo.findMany({ where: { slug: { startsWith: `${slug}-` } }, select: { slug: true } })).map((r) => r.slug),
      );
      let n = 2;
      while (prefixed.has(`${slug}-${n}`) || used.has(`${slug}-${n}`)) n++;
      slug = `${slug}-${n}`;
    }
    used.add(slug);
    slugs.push(slug);
  }
  return slugs;
}
