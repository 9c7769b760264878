import type { Prisma } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { slugify } from "@/lib/sample/slugify";
import { TRUST_METHODOLOGY_VERSION } from "@/lib/trust/components";
import { randomId } from "@/lib/webhooks/random-id";
import { recordEvent } from "@/lib/webhooks/record-event";
import { actorText, type Actor } from "./actor";
import type { CreateNgoInput } from "./schemas";
import { scoreFromInputs } from "./score-from-inputs";
import { writeScore } from "./write-score";

export type InsertedNgo = { id: string; slug: string; version: number };

/**
 * Creates a draft entry from validated input, in the caller's transaction: the row, its first
 * history line, its score when inputs are given, and the ngo.created event. A given slug that is
 * taken is a 409; a derived one gets the first free -2, -3, … suffix.
 */
export async function insertNgo(
  tx: Prisma.TransactionClient,
  input: CreateNgoInput,
  actor: Actor,
  now = new Date(),
): Promise<InsertedNgo> {
  const slug = input.slug ?? (await freeSlug(tx, slugify(input.name).slice(0, 80) || "ngo"));
  if (input.slug && (await tx.ngo.findUnique({ where: { slug }, select: { id: true } }))) {
    throw new ApiError("conflict", `The slug '${slug}' is taken by another registry entry.`);
  }
  const score = input.trust_components?.length ? scoreFromInputs(input.trust_components, now) : null;
  const id = randomId("ngo");
  await tx.ngo.create({
    data: {
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
    },
  });
  if (score) await writeScore(tx, id, score);
  await tx.ngoStateTransition.create({
    data: { id: randomId("nst"), ngoId: id, fromState: null, toState: "draft", actor: actorText(actor), reason: "created", createdAt: now },
  });
  await recordEvent(tx, {
    type: "ngo.created",
    data: {
      ngo: { id, slug, name: input.name, state: "draft", sector: input.sector, country: input.country, trust_score: score?.score ?? 0 },
    },
  });
  return { id, slug, version: 1 };
}

/** The base slug if free, else the base with the first free numeric suffix. */
async function freeSlug(tx: Prisma.TransactionClient, base: string): Promise<string> {
  const taken = new Set(
    (await tx.ngo.findMany({ where: { OR: [{ slug: base }, { slug: { startsWith: `${base}-` } }] }, select: { slug: true } })).map(
      (row) => row.slug,
    ),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
