// Words for the sample registry's descriptions, evidence sources and state-change reasons.
import type { SectorId } from "@/lib/registry/sectors";
import type { NgoState } from "@/lib/tiers";
import type { TrustComponentName } from "@/lib/trust/components";
import type { Random } from "./sample-random";

const ACTIVITIES: Readonly<Record<SectorId, readonly string[]>> = {
  health: ["runs mobile clinics for families far from a hospital", "trains community health workers", "supports maternal care and childhood vaccination"],
  education: ["runs after-school literacy classes", "funds scholarships for first-generation students", "trains teachers in rural schools"],
  environment: ["restores native woodland and wetlands", "monitors river quality with citizen scientists", "helps farmers adopt climate-resilient practices"],
  humanitarian: ["delivers emergency shelter and food after disasters", "supports refugees arriving with nothing", "pre-positions relief supplies before the storm season"],
  human_rights: ["offers free legal aid to people facing eviction", "documents rights abuses and supports survivors", "advocates for fair treatment of migrant workers"],
  animal_welfare: ["rescues and rehomes abandoned animals", "runs low-cost neutering and vaccination clinics", "cares for injured wildlife until release"],
  arts_culture: ["keeps a community library and archive open", "brings theatre and music workshops to schools", "restores and opens local heritage sites"],
  community_development: ["builds and repairs affordable homes with local volunteers", "runs a neighbourhood centre and civic forums", "helps residents plan and fund local infrastructure"],
  poverty_relief: ["runs food banks and community kitchens", "offers microloans and business training", "helps families claim the social support they are owed"],
  water_sanitation: ["drills and maintains community wells", "builds school latrines and handwashing stations", "trains local technicians to keep water systems running"],
  children_youth: ["runs youth clubs and mentoring programmes", "protects children at risk of neglect or exploitation", "supports young carers and their families"],
  research: ["publishes open research on public policy", "funds independent studies on neglected diseases", "builds open datasets for public-interest research"],
};

const OUTCOMES: Readonly<Record<SectorId, string>> = {
  health: "patients",
  education: "students",
  environment: "community members",
  humanitarian: "people in crisis",
  human_rights: "clients",
  animal_welfare: "animals",
  arts_culture: "visitors",
  community_development: "residents",
  poverty_relief: "households",
  water_sanitation: "people with safe water",
  children_youth: "young people",
  research: "readers of its publications",
};

/** One to three sentences, in English, the registry's working language. */
export function sampleDescription(random: Random, sector: SectorId, city: string, foundedYear: number): string {
  const sentences = [`${capitalise(random.pick(ACTIVITIES[sector]))} in and around ${city}.`];
  if (random.chance(0.6)) {
    sentences.push(`Founded in ${foundedYear}, it works with ${random.int(2, 60) * 5} volunteers and local partners.`);
  }
  if (random.chance(0.5)) {
    sentences.push(`Last year its programmes reached about ${withThousands(random.int(2, 400) * 50)} ${OUTCOMES[sector]}.`);
  }
  return sentences.join(" ");
}

// "{prev}" is the year before the evidence date: an annual report filed in 2026 covers 2025.
const SOURCES: Readonly<Record<TrustComponentName, readonly string[]>> = {
  verification: ["Registry verification review {year}", "Registration certificate check", "On-site verification visit {year}"],
  financial_transparency: ["Annual report {prev}", "Audited accounts {prev}", "Charity commission filing {year}"],
  governance: ["Board composition review", "Statutes and bylaws review", "Conflict-of-interest policy {year}"],
  accountability: ["Complaints mechanism review", "Beneficiary feedback survey {year}", "Impact report {prev}"],
  freshness: ["Newest evidence on file"],
};

export function sampleSource(random: Random, component: TrustComponentName, evidenceDate: Date): string {
  return sourceFor(random.pick(SOURCES[component]), evidenceDate.getUTCFullYear());
}

/**
 * Each source's text for a year, made once and shared by the entries that cite it: five sources
 * an entry, of a hundred or so texts in all, were five new strings an entry for the garbage
 * collector to copy.
 */
const SOURCE_TEXTS = new Map<string, Map<number, string>>();

function sourceFor(template: string, year: number): string {
  let byYear = SOURCE_TEXTS.get(template);
  if (!byYear) SOURCE_TEXTS.set(template, (byYear = new Map()));
  let text = byYear.get(year);
  if (text === undefined) byYear.set(year, (text = template.replace("{year}", String(year)).replace("{prev}", String(year - 1))));
  return text;
}

type TransitionKey = `${NgoState | "none"}>${NgoState}` | `${NgoState}>${NgoState}:again`;

/** The one suspension the platform makes by itself; every other judgement is an operator's. */
const FILING_OVERDUE = "Annual financial filing overdue by more than 90 days";

const REASONS: Readonly<Partial<Record<TransitionKey, readonly string[]>>> = {
  "none>draft": ["Registration started through the NGO portal", "Entry created from a partner platform import"],
  "draft>pending_review": ["Submitted for review with registration documents", "Submitted for review after completing the profile"],
  "draft>pending_review:again": ["Resubmitted with the requested documents"],
  "pending_review>draft": ["Returned: registration certificate is unreadable", "Returned: board member list is missing", "Returned: bank account holder does not match the legal name"],
  "pending_review>verified": ["Registration, governance and bank details checked against the national register", "Documents verified and reference call completed"],
  "verified>suspended": [FILING_OVERDUE, "Complaint about use of funds under investigation"],
  "suspended>verified": ["Overdue filing received and reviewed", "Investigation closed with no finding"],
  "suspended>revoked": ["Filing still missing after the final notice", "Investigation confirmed misuse of donated funds"],
  "verified>revoked": ["Registration struck off the national register", "Repeated failure to meet transparency requirements"],
  "revoked>pending_review": ["Reapplication submitted with new governance documents"],
  "verified>archived": ["Organisation dissolved by its members", "Merged into another registered organisation"],
  "suspended>archived": ["Organisation closed while suspended"],
  "revoked>archived": ["Entry retired after revocation"],
};

/**
 * REASONS by the state left ("none" at creation) and the state entered, first time and again:
 * looked up without making a "from>to" key per transition, which took five times as long.
 */
const REASONS_BY_STEP: Record<string, Record<string, { first?: readonly string[]; again?: readonly string[] }>> = {};
for (const [key, reasons] of Object.entries(REASONS)) {
  const [step, again] = key.split(":");
  const [from, to] = step!.split(">") as [string, string];
  const byTo = (REASONS_BY_STEP[from] ??= {});
  byTo[to] = { ...byTo[to], [again ? "again" : "first"]: reasons };
}

/** The sample's twelve reviewers, operator:reviewer-1 to -12: a string each rather than one per change. */
const OPERATORS = Array.from({ length: 12 }, (_, i) => `operator:reviewer-${i + 1}`);

/**
 * Who changed a state and why: the platform itself for filings and intake, operators for
 * judgements. `again` marks a step the entry has taken before, such as a resubmission.
 */
export function sampleActorAndReason(
  random: Random,
  from: NgoState | null,
  to: NgoState,
  again: boolean,
): { actor: string; reason: string } {
  const step = REASONS_BY_STEP[from ?? "none"]?.[to];
  const reasons = (from && again ? step?.again : undefined) ?? step?.first;
  if (!reasons) throw new RangeError(`no sample reason for ${from ?? "none"} → ${to}`);
  const reason = random.pick(reasons);
  const automatic = from === null || to === "pending_review" || reason === FILING_OVERDUE;
  return { actor: automatic ? "system" : OPERATORS[random.int(1, 12) - 1]!, reason };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// By hand rather than toLocaleString, whose output depends on the ICU data Node was built with.
function withThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ",");
}
