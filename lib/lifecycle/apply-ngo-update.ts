import type { Prisma } from "@/lib/db";
import type { TrustScore } from "@/lib/trust/components";
import { recordEvent } from "@/lib/events/record-event";
import type { LockedNgo } from "./locked-ngo";
import { ngoRef } from "./locked-ngo";
import type { UpdateNgoInput } from "./schemas";
import { scoreFromInputs } from "./score-from-inputs";
import { writeScore } from "./write-score";

/** The profile fields a write may change, and their Prisma names. */
const PROFILE_FIELDS = {
  name: "name",
  legal_name: "legalName",
  registration_number: "registrationNumber",
  sector: "sectorId",
  country: "country",
  city: "city",
  website: "website",
  description: "description",
  founded_year: "foundedYear",
  donations_enabled: "donationsEnabled",
} as const;

type ProfileField = keyof typeof PROFILE_FIELDS;

export type UpdateOutcome = { version: number; changed: string[]; scoreChanged: boolean };

/**
 * Applies validated changes to a locked entry in the caller's transaction. Only fields whose value
 * really changes count: they bump the version and go into one ngo.updated event. New score inputs
 * are recomputed with the current methodology, and ngo.trust_score_changed is written only when
 * the score itself moves. Nothing changed: nothing written, not even the version.
 */
export async function applyNgoUpdate(
  tx: Prisma.TransactionClient,
  current: LockedNgo,
  input: UpdateNgoInput,
  now = new Date(),
): Promise<UpdateOutcome> {
  const data: Record<string, unknown> = {};
  const changed: string[] = [];
  for (const field of Object.keys(PROFILE_FIELDS) as ProfileField[]) {
    const value = input[field];
    if (value === undefined || value === current[field]) continue;
    data[PROFILE_FIELDS[field]] = value;
    changed.push(field);
  }
  let score = input.trust_components ? scoreFromInputs(input.trust_components, now) : null;
  if (score && (await sameComponents(tx, current.id, score))) score = null;
  if (score) changed.push("trust_components");
  if (changed.length === 0) return { version: current.version, changed, scoreChanged: false };

  const version = current.version + 1;
  await tx.ngo.update({ where: { id: current.id }, data: { ...data, version, updatedAt: now } });
  if (score) await writeScore(tx, current.id, score);
  const after = { ...current, name: (data.name as string | undefined) ?? current.name };
  await recordEvent(tx, { type: "ngo.updated", data: { ngo: ngoRef(after), changed } });
  const scoreChanged = score !== null && score.score !== current.trust_score;
  if (score && scoreChanged) {
    await recordEvent(tx, {
      type: "ngo.trust_score_changed",
      data: { ngo: ngoRef(after), old: current.trust_score, new: score.score, methodology_version: score.methodology_version },
    });
  }
  return { version, changed, scoreChanged };
}

/** Whether the score inputs sent are the ones on file: sending them again changes nothing. */
async function sameComponents(tx: Prisma.TransactionClient, ngoId: string, score: TrustScore): Promise<boolean> {
  const stored = await tx.trustScoreComponent.findMany({ where: { ngoId } });
  const key = (c: { component: string; score: number; weight: number; evidenceDate: Date; source: string }) =>
    [c.component, c.score, c.weight, c.evidenceDate.toISOString().slice(0, 10), c.source].join("\u0000");
  const given = score.components.map((c) => key({ ...c, evidenceDate: c.evidence_date })).sort();
  const have = stored.map(key).sort();
  return given.length === have.length && given.every((k, i) => k === have[i]);
}
