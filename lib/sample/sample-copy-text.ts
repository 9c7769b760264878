// A chunk of the sample registry as COPY text (lib/db/copy-line.ts), one text per table: the
// entries, their score components, their history, and the details' JSON of both.
import { copyText } from "@/lib/db/copy-line";
import { componentJson, stateChangeJson } from "@/lib/registry/details-json";
import type { SampleNgo } from "./generate-sample-registry";
import { compareText, historyInOrder, inOrder } from "./sample-history";
import { COMPONENT_COLUMNS, NGO_COLUMNS, TRANSITION_COLUMNS, type Columns } from "./sample-columns";

export type SampleCopyText = { ngos: string; components: string; transitions: string; details: string };

type Component = SampleNgo["components"][number];

/**
 * Each line is written as copyLine would write the columns of sample-columns.ts (which the COPY
 * statements name), but from the values themselves: copyLine's array of values per row, mapped
 * and joined with a regular expression per value, was two fifths of this text's time. Every text
 * value is escaped (copyText); numbers, booleans and dates need no escaping.
 */
export function sampleCopyText(chunk: readonly SampleNgo[]): SampleCopyText {
  let ngos = "";
  let components = "";
  let transitions = "";
  let details = "";
  for (const ngo of chunk) {
    const id = copyText(ngo.id);
    ngos += ngoLine(ngo, id);
    for (const c of ngo.components) {
      components += `${[id, copyText(c.component), c.score, c.weight, isoDate(c.evidence_date), copyText(c.source)].join("\t")}\n`;
    }
    for (const t of ngo.transitions) {
      transitions += `${[id, copyText(t.id), nullable(t.from_state), copyText(t.to_state), copyText(t.actor), copyText(t.reason), isoTimestamp(t.created_at)].join("\t")}\n`;
    }
    details += detailsLine(ngo, id);
  }
  return { ngos, components, transitions, details };
}

function ngoLine(ngo: SampleNgo, id: string): string {
  return `${[
    id, copyText(ngo.slug), copyText(ngo.name), copyText(ngo.legal_name), copyText(ngo.registration_number),
    copyText(ngo.country), copyText(ngo.city), copyText(ngo.sector_id), nullable(ngo.website), copyText(ngo.description),
    ngo.founded_year, ngo.donations_enabled, copyText(ngo.state), ngo.trust_score, copyText(ngo.trust_methodology),
    isoTimestamp(ngo.trust_as_of), isoTimestamp(ngo.created_at), isoTimestamp(ngo.updated_at),
    ngo.verified_at === null ? "\\N" : isoTimestamp(ngo.verified_at),
  ].join("\t")}\n`;
}

const nullable = (text: string | null) => (text === null ? "\\N" : copyText(text));

// The lines above spell the columns out; should sample-columns.ts change, this says so at once
// rather than through a load whose columns no longer match its lines.
for (const [columns, written] of [
  [NGO_COLUMNS, "id slug name legal_name registration_number country city sector_id website description founded_year donations_enabled state trust_score trust_methodology trust_as_of created_at updated_at verified_at"],
  [COMPONENT_COLUMNS, "component score weight evidence_date source"],
  [TRANSITION_COLUMNS, "id from_state to_state actor reason created_at"],
] as [Columns, string][]) {
  if (Object.keys(columns).join(" ") !== written) throw new Error(`sample-copy-text.ts writes ${written}, not the columns ${Object.keys(columns).join(" ")}`);
}

/**
 * An entry's row of the details' JSON, written here rather than by the database at the load's
 * end: rendering two million entries' JSON there took the load's one backend 79 s, where the
 * generator's core has time to spare. In loadNgoDetails' order: components by weight, then name;
 * history by time, then id.
 */
function detailsLine(ngo: SampleNgo, id: string): string {
  const components = inOrder(ngo.components, byWeightThenName);
  const history = historyInOrder(ngo.transitions);
  let componentsJson = "";
  for (let i = 0; i < components.length; i++) {
    const { component, score, weight, evidence_date, source } = components[i]!;
    componentsJson += (i === 0 ? "" : ",") + componentJson(component, score, weight, isoDate(evidence_date), source);
  }
  let historyJson = "";
  for (let i = 0; i < history.length; i++) {
    const { from_state, to_state, actor, reason, created_at } = history[i]!;
    historyJson += (i === 0 ? "" : ",") + stateChangeJson(from_state, to_state, actor, reason, isoTimestamp(created_at));
  }
  if (!componentsJson && !historyJson) return "";
  return `${id}\t${copyText(componentsJson)}\t${copyText(historyJson)}\n`;
}

const byWeightThenName = (a: Component, b: Component) => b.weight - a.weight || compareText(a.component, b.component);

const DAY_MS = 86_400_000;
/** Where toISOString writes a four-digit year: 1970 up to the end of 9999. */
const LAST_FOUR_DIGIT_MS = Date.UTC(10_000, 0, 1);

/**
 * The text of each day (YYYY-MM-DD) by its number since 1970, made once: Date's toISOString
 * takes about half a microsecond, an entry has some twenty dates to write, and the sample's dates
 * fall on a few thousand days.
 */
const DAY_TEXT = new Map<number, string>();

function dayText(day: number): string {
  let text = DAY_TEXT.get(day);
  if (text === undefined) DAY_TEXT.set(day, (text = new Date(day * DAY_MS).toISOString().slice(0, 10)));
  return text;
}

/** The UTC day of a date, YYYY-MM-DD: toISOString's first ten characters. */
function isoDate(date: Date): string {
  const ms = date.getTime();
  return ms >= 0 && ms < LAST_FOUR_DIGIT_MS ? dayText(Math.floor(ms / DAY_MS)) : date.toISOString().slice(0, 10);
}

/** The date as toISOString writes it (YYYY-MM-DDTHH:MM:SS.sssZ), from the day's text and a few digits. */
function isoTimestamp(date: Date): string {
  const ms = date.getTime();
  if (!(ms >= 0 && ms < LAST_FOUR_DIGIT_MS)) return date.toISOString();
  const day = Math.floor(ms / DAY_MS);
  const msOfDay = ms - day * DAY_MS;
  const minute = Math.floor(msOfDay / 60_000);
  const msOfMinute = msOfDay - minute * 60_000;
  const second = Math.floor(msOfMinute / 1000);
  const millisecond = msOfMinute - second * 1000;
  const rest = millisecond === 0 ? WHOLE_SECOND_TEXT[second]! : `${TWO_DIGITS[second]}.${THREE_DIGITS[millisecond]}Z`;
  return dayText(day) + MINUTE_TEXT[minute] + rest;
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, "0"));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, "0"));
/** "THH:MM:" for each minute of a day. */
const MINUTE_TEXT = Array.from({ length: 1440 }, (_, m) => `T${TWO_DIGITS[Math.floor(m / 60)]}:${TWO_DIGITS[m % 60]}:`);
/** "SS.000Z" for each second of a minute: the sample's times are whole seconds. */
const WHOLE_SECOND_TEXT = TWO_DIGITS.map((s) => `${s}.000Z`);
