// The deterministic sample registry: realistic but clearly fictional NGOs (websites on the
// reserved example.org domain), the same byte for byte for the same seed and count. All dates
// hang off a fixed reference date, never the clock, and all chance comes from the seeded PRNG.
import type { SectorId } from "@/lib/registry/sectors";
import type { NgoState } from "@/lib/tiers";
import { timeOrderedPrefix } from "@/lib/random-id";
import { computeTrustScore } from "@/lib/trust/compute-trust-score";
import {
  DEFAULT_TRUST_WEIGHTS,
  freshnessScoreFor,
  type TrustComponent,
  type TrustComponentInput,
  type TrustComponentName,
} from "@/lib/trust/components";
import { FIXTURE_NGOS, type SampleFixture } from "./sample-fixtures";
import { sampleHistory, type SampleTransition } from "./sample-history";
import { sampleNgoName } from "./sample-names";
import { SAMPLE_COUNTRIES, fillRegistrationFormat, type SampleCountry } from "./sample-places";
import { createRandom, type Random } from "./sample-random";
import { slugify } from "./slugify";
import { TakenTexts } from "./taken-texts";
import { sampleDescription, sampleSource } from "./sample-vocabulary";

export { SAMPLE_FIXTURES } from "./sample-fixtures";
export type { SampleTransition } from "./sample-history";

export const SAMPLE_REFERENCE_DATE = new Date("2026-11-01T00:00:00Z");
export const DEFAULT_SAMPLE_COUNT = 500;
export const DEFAULT_SAMPLE_SEED = "trust-registry";
export const MAX_SAMPLE_COUNT = 2_000_000;

export type SampleNgo = {
  id: string;
  slug: string;
  name: string;
  legal_name: string;
  registration_number: string;
  country: string;
  city: string;
  sector_id: SectorId;
  website: string | null;
  description: string;
  founded_year: number;
  donations_enabled: boolean;
  state: NgoState;
  trust_score: number;
  trust_methodology: string;
  trust_as_of: Date;
  created_at: Date;
  updated_at: Date;
  verified_at: Date | null;
  components: TrustComponent[];
  transitions: SampleTransition[];
};

export type SampleRegistryOptions = { count: number; seed?: string };

/** The whole sample registry at once; for large counts, stream it with sampleRegistryChunks. */
export function generateSampleRegistry(options: SampleRegistryOptions): SampleNgo[] {
  return [...sampleRegistryChunks(options, Number.MAX_SAFE_INTEGER)].flat();
}

/** The same registry as generateSampleRegistry, in chunks, so only one chunk is in memory at a time. */
export function* sampleRegistryChunks(
  { count, seed = DEFAULT_SAMPLE_SEED }: SampleRegistryOptions,
  chunkSize = 1000,
): Generator<SampleNgo[]> {
  if (!Number.isInteger(count) || count < 0 || count > MAX_SAMPLE_COUNT) {
    throw new RangeError(`count must be an integer from 0 to ${MAX_SAMPLE_COUNT}, not ${count}`);
  }
  if (seed === "") throw new RangeError("seed must not be empty");
  const random = createRandom(seed);
  const taken: Taken = { slugs: new TakenTexts(), nextSuffix: new Map(), registrations: new TakenTexts(), slugOf: new Map() };
  let states: NgoState[] = [];
  let chunk: SampleNgo[] = [];
  for (let i = 0; i < count; i++) {
    if (i % STATE_BLOCK_SIZE === 0) states = stateBlock(random, i === 0 ? FIXTURE_NGOS.map((f) => f.state) : []);
    const fixture = FIXTURE_NGOS[i];
    chunk.push(sampleNgo(random, i, fixture?.state ?? states.pop()!, fixture, taken));
    if (chunk.length === chunkSize) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length) yield chunk;
}

// Every block of 50 entries holds exactly this mix, so even a small registry has every state.
const STATE_BLOCK_SIZE = 50;
const STATE_MIX: Readonly<Record<NgoState, number>> = {
  verified: 35,
  suspended: 4,
  revoked: 3,
  archived: 2,
  draft: 3,
  pending_review: 3,
};

function stateBlock(random: Random, reserved: readonly NgoState[]): NgoState[] {
  const remaining = { ...STATE_MIX };
  for (const state of reserved) remaining[state]--;
  const block = Object.entries(remaining).flatMap(([state, n]) => Array<NgoState>(n).fill(state as NgoState));
  return random.shuffle(block);
}

// Relative frequency of each sector: the common causes first, specialist research last.
const SECTOR_WEIGHTS: Readonly<Record<SectorId, number>> = {
  health: 12, education: 12, poverty_relief: 10, children_youth: 10, environment: 9, community_development: 9,
  humanitarian: 8, animal_welfare: 7, water_sanitation: 7, human_rights: 6, arts_culture: 6, research: 4,
};
const SECTOR_DRAW = Object.entries(SECTOR_WEIGHTS).flatMap(([id, n]) => Array<SectorId>(n).fill(id as SectorId));

const DAY_MS = 86_400_000;
const REFERENCE_MS = SAMPLE_REFERENCE_DATE.getTime();

function sampleNgo(
  random: Random,
  index: number,
  state: NgoState,
  fixture: SampleFixture | undefined,
  taken: Taken,
): SampleNgo {
  const sector = fixture?.sector ?? random.pick(SECTOR_DRAW);
  const country = fixture ? SAMPLE_COUNTRIES.find((c) => c.code === fixture.country)! : random.pick(SAMPLE_COUNTRIES);
  const city = fixture?.city ?? random.pick(country.cities);
  const name = fixture?.name ?? sampleNgoName(random, country.language, sector, city);
  const slug = fixture?.slug ?? uniqueSlug(name, city, taken);
  taken.slugs.add(slug);

  const history = sampleHistory(random, state, REFERENCE_MS);
  const lastChange = history.transitions.at(-1)!.created_at.getTime();
  const asOf = new Date(trustAsOf(random, state, lastChange));
  const trust = computeTrustScore(sampleComponents(random, state, asOf), { asOf });
  // Older organisations are rarer; none was founded after it joined the registry.
  const joined = Math.min(history.created_at.getUTCFullYear(), 2025);
  const foundedYear = joined - Math.floor(random.next() ** 2 * (joined - 1950 + 1));
  const hidden = state === "draft" || state === "pending_review";

  return {
    id: sampleNgoId(random, index),
    slug,
    name,
    legal_name: `${name} (${country.legalForm})`,
    registration_number: uniqueRegistration(random, country, taken.registrations),
    country: country.code,
    city,
    sector_id: sector,
    website: hidden && random.chance(0.3) ? null : `https://${slug}.example.org`,
    description: sampleDescription(random, sector, city, foundedYear),
    founded_year: foundedYear,
    donations_enabled: state === "verified" && (fixture !== undefined || random.chance(0.85)),
    state,
    trust_score: trust.score,
    trust_methodology: trust.methodology_version,
    trust_as_of: trust.as_of,
    created_at: history.created_at,
    updated_at: asOf,
    verified_at: history.verified_at,
    components: trust.components,
    transitions: history.transitions,
  };
}

/**
 * Ids sort by creation, as the registry's own do (lib/lifecycle/insert-ngo.ts): the sample is
 * written as if loaded one entry a millisecond from the reference date, in the order generated,
 * which is the order its rows are stored in. The rest of the id is random, from the seeded draws.
 */
function sampleNgoId(random: Random, index: number): string {
  return `ngo_${timeOrderedPrefix(REFERENCE_MS + index)}${random.id("").slice(1, 11)}`;
}

// Verified entries are re-scored regularly; any other entry's score dates from its last change.
function trustAsOf(random: Random, state: NgoState, lastChangeMs: number): number {
  if (state === "verified") return Math.max(lastChangeMs, REFERENCE_MS - random.int(0, (90 * DAY_MS) / 1000) * 1000);
  return lastChangeMs + random.int(0, Math.min(60 * DAY_MS, REFERENCE_MS - lastChangeMs) / 1000) * 1000;
}

// Component scores by state (verification apart, as it tracks the review itself) and how many
// days old the evidence behind them is: lapsed entries have weaker and staler evidence.
const TRUST_PROFILE: Readonly<Record<NgoState, { verification: [number, number]; other: [number, number]; ageDays: [number, number] }>> = {
  verified: { verification: [85, 100], other: [55, 98], ageDays: [10, 400] },
  suspended: { verification: [60, 85], other: [30, 70], ageDays: [200, 700] },
  revoked: { verification: [10, 45], other: [10, 55], ageDays: [100, 900] },
  archived: { verification: [60, 90], other: [40, 85], ageDays: [300, 1000] },
  draft: { verification: [0, 15], other: [20, 65], ageDays: [0, 120] },
  pending_review: { verification: [20, 50], other: [30, 75], ageDays: [0, 120] },
};

const ASSESSED: readonly Exclude<TrustComponentName, "freshness">[] = [
  "verification",
  "financial_transparency",
  "governance",
  "accountability",
];

function sampleComponents(random: Random, state: NgoState, asOf: Date): TrustComponentInput[] {
  const profile = TRUST_PROFILE[state];
  // One quality draw per NGO makes its components move together, as real assessments do.
  const quality = random.next();
  const assessed = ASSESSED.map((component): TrustComponentInput => {
    const [low, high] = component === "verification" ? profile.verification : profile.other;
    const evidenceDay = Math.floor((asOf.getTime() - random.int(...profile.ageDays) * DAY_MS) / DAY_MS);
    const evidence_date = new Date(evidenceDay * DAY_MS);
    return {
      component,
      score: low + Math.round((high - low) * (0.65 * quality + 0.35 * random.next())),
      weight: DEFAULT_TRUST_WEIGHTS[component],
      evidence_date,
      source: sampleSource(random, component, evidence_date),
    };
  });
  const newest = new Date(Math.max(...assessed.map((c) => c.evidence_date.getTime())));
  return [
    ...assessed,
    {
      component: "freshness",
      score: freshnessScoreFor(newest, asOf),
      weight: DEFAULT_TRUST_WEIGHTS.freshness,
      evidence_date: newest,
      source: sampleSource(random, "freshness", newest),
    },
  ];
}

/**
 * What earlier entries have used up, so slugs and registration numbers stay unique; and the slugs
 * of the names and cities met so far, made once each: slugify (a Unicode normalisation and five
 * regular expressions) was a tenth of the generator's time, for a few tens of thousands of
 * distinct names in a hundred thousand entries.
 */
type Taken = { slugs: TakenTexts; nextSuffix: Map<string, number>; registrations: TakenTexts; slugOf: Map<string, TextSlug> };

/** A text's slug, and whether it is known to be taken (once taken, it stays so: a repeated name need not look again). */
type TextSlug = { slug: string; taken: boolean };

function slugOf(text: string, taken: Taken): TextSlug {
  let known = taken.slugOf.get(text);
  if (known === undefined) taken.slugOf.set(text, (known = { slug: slugify(text), taken: false }));
  return known;
}

// A repeated name gets its city (unless it has it already), then a number:
// "asociacion-barrio-unido-rosario-2".
function uniqueSlug(name: string, city: string, taken: Taken): string {
  const named = slugOf(name, taken);
  const base = named.slug;
  if (!named.taken) {
    named.taken = taken.slugs.has(base);
    if (!named.taken) return base;
  }
  const citySlug = slugOf(city, taken).slug;
  const local = `-${base}-`.includes(`-${citySlug}-`) ? base : `${base}-${citySlug}`;
  let n = taken.nextSuffix.get(local) ?? 1;
  let slug = n === 1 ? local : `${local}-${n}`;
  while (taken.slugs.has(slug)) slug = `${local}-${++n}`;
  taken.nextSuffix.set(local, n + 1);
  return slug;
}

const REGISTRATION_LETTERS = [..."ABCDEFGHJKLMNPRSTUVWXYZ"];

function uniqueRegistration(random: Random, country: SampleCountry, taken: TakenTexts): string {
  let number: string;
  do {
    number = fillRegistrationFormat(country.registrationFormat, () => random.int(0, 9), () => random.pick(REGISTRATION_LETTERS));
  } while (taken.has(number));
  taken.add(number);
  return number;
}
