import type { NewEvent } from "@/lib/events/record-event";
import type { TrustScore } from "@/lib/trust/components";
import { ngoRef, type LockedNgo } from "./locked-ngo";
import type { UpdateNgoInput } from "./schemas";
import { scoreFromInputs } from "./score-from-inputs";

/** The profile fields a write may change, and their Prisma names. */
export const PROFILE_FIELDS = {
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

export type ProfileField = keyof typeof PROFILE_FIELDS;

/** A score component as stored, its evidence date as YYYY-MM-DD. */
export type StoredComponent = { component: string; score: number; weight: number; evidence_date: string; source: string };

export type NgoChanges = {
  /** The profile fields whose value really changes, with their new values. */
  profile: Partial<Record<ProfileField, unknown>>;
  /** Their names, and `trust_components` when the score inputs change: ngo.updated's `changed`. */
  changed: string[];
  /** The recomputed score when the inputs change, else null. */
  score: TrustScore | null;
};

/**
 * What a write changes on an entry: only fields whose value differs, and new score inputs only
 * when they are not the ones on file (sending them again changes nothing). The single-entry
 * update and both import paths decide with this, so they agree on what "unchanged" means.
 */
export function ngoChanges(current: LockedNgo, input: UpdateNgoInput, stored: readonly StoredComponent[], now: Date): NgoChanges {
  const profile: NgoChanges["profile"] = {};
  const changed: string[] = [];
  for (const field of Object.keys(PROFILE_FIELDS) as ProfileField[]) {
    const value = input[field];
    if (value === undefined || value === current[field]) continue;
    profile[field] = value;
    changed.push(field);
  }
  let score = input.trust_components ? scoreFromInputs(input.trust_components, now) : null;
  if (score && sameComponents(stored, score)) score = null;
  if (score) changed.push("trust_components");
  return { profile, changed, score };
}

/** The events of a change: ngo.updated, and ngo.trust_score_changed when the score itself moves. */
export function updateEvents(current: LockedNgo, { profile, changed, score }: NgoChanges): NewEvent[] {
  if (changed.length === 0) return [];
  const after = { ...current, name: (profile.name as string | undefined) ?? current.name };
  const events: NewEvent[] = [{ type: "ngo.updated", data: { ngo: ngoRef(after), changed } }];
  if (score && score.score !== current.trust_score) {
    events.push({
      type: "ngo.trust_score_changed",
      data: { ngo: ngoRef(after), old: current.trust_score, new: score.score, methodology_version: score.methodology_version },
    });
  }
  return events;
}

function sameComponents(stored: readonly StoredComponent[], score: TrustScore): boolean {
  const key = (c: StoredComponent) => [c.component, c.score, c.weight, c.evidence_date, c.source].join("\u0000");
  const given = score.components.map((c) => key({ ...c, evidence_date: c.evidence_date.toISOString().slice(0, 10) })).sort();
  const have = stored.map(key).sort();
  return given.length === have.length && given.every((k, i) => k === have[i]);
}
