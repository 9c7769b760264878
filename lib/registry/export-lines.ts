// The bulk export's entries as PostgreSQL writes them: each one line of JSON, byte for byte what
// the list API sends for it (project-ngo.ts and JSON.stringify: the same fields in the same order,
// the same escapes; tests/integration/export.test.ts compares them). Written in Node, a partner's
// entry cost the server's one thread some 55 µs (decoding its ten rows, building objects,
// stringifying, collecting the garbage), which held an export to 13,000–18,000 rows/s however
// idle the database; written here, each batch comes back as lines of text, and the work spreads
// over the connections that read batches ahead (export-ngos.ts). docs/benchmarks.md has figures.
import { Prisma } from "@/lib/db";
import { utcText } from "./ngo-record";
import { canSee, NGO_FIELD_TIERS, TIERS, type NgoField, type Tier } from "@/lib/tiers";

/**
 * JSON text as concat's arguments: constant text (a JS string) beside values (SQL). concat reads
 * NULL as empty text, so a value that may be NULL says what it is then (quotedOrNull, jsonOrNull).
 */
type Json = (string | Prisma.Sql)[];

/** Text as a JSON string. PostgreSQL escapes exactly what JSON.stringify escapes: the quote, the
 * backslash, \b \f \n \r \t, and other characters below U+0020 as \u00xx. */
const string = (text: Prisma.Sql): Json => [Prisma.sql`to_json(${text})`];
/** Text that never needs an escape, quoted: enum labels, dates, to_char's times, and columns
 * whose check constraints allow only letters, digits and hyphens. */
const quoted = (text: Prisma.Sql): Json => ['"', text, '"'];
const value = (sql: Prisma.Sql): Json => [sql];
const time = (column: Prisma.Sql): Json => quoted(utcText(column));
/** A value that may be NULL, as JSON's null then: text to quote, or text that is already JSON. */
const quotedOrNull = (text: Prisma.Sql): Json => [Prisma.sql`coalesce('"' || ${text} || '"', 'null')`];
const jsonOrNull = (json: Prisma.Sql): Json => [Prisma.sql`coalesce((${json})::text, 'null')`];

function object(members: [string, Json][]): Json {
  return [...members.flatMap(([name, json], i): Json => [`${i ? "," : "{"}"${name}":`, ...json]), "}"];
}
const array = (list: Prisma.Sql): Json => ["[", list, "]"];

/** The SQL that writes the JSON: neighbouring constants as one SQL literal (a single quote doubled). */
function concat(json: Json): Prisma.Sql {
  const args: Prisma.Sql[] = [];
  let text = "";
  for (const part of json) {
    if (typeof part === "string") text += part;
    else {
      if (text) args.push(Prisma.raw(`'${text.replaceAll("'", "''")}'`));
      text = "";
      args.push(part);
    }
  }
  if (text) args.push(Prisma.raw(`'${text.replaceAll("'", "''")}'`));
  return Prisma.sql`concat(${Prisma.join(args, ", ")})`;
}

// The details: each entry's score components and state history as JSON, written when they change
// (migration 20261128200000_details_json, the one place that JSON is made), where writing them
// here for every entry was three quarters of a batch's time in the database. Its one row by primary
// key, entry by entry: the LIMIT keeps the planner from joining the whole table at once, which it
// would for a batch without ends.
const DETAILS = Prisma.sql`LEFT JOIN LATERAL (
    SELECT d.components, d.state_history FROM ngo_details_json d WHERE d.ngo_id = n.id LIMIT 1) details ON true`;

/** Each field as JSON, from the entry `n` and its details. */
const FIELD_JSON: Record<NgoField, Json> = {
  id: string(Prisma.sql`n.id`),
  slug: quoted(Prisma.sql`n.slug`),
  name: string(Prisma.sql`n.name`),
  legal_name: string(Prisma.sql`n.legal_name`),
  registration_number: string(Prisma.sql`n.registration_number`),
  state: quoted(Prisma.sql`n.state::text`),
  sector: string(Prisma.sql`n.sector_id`),
  country: quoted(Prisma.sql`n.country::text`),
  city: string(Prisma.sql`n.city`),
  website: jsonOrNull(Prisma.sql`to_json(n.website)`),
  description: string(Prisma.sql`n.description`),
  founded_year: jsonOrNull(Prisma.sql`n.founded_year`),
  trust_score: value(Prisma.sql`n.trust_score`),
  trust: object([
    ["score", value(Prisma.sql`n.trust_score`)],
    ["methodology_version", string(Prisma.sql`n.trust_methodology`)],
    ["as_of", time(Prisma.sql`n.trust_as_of`)],
    ["components", array(Prisma.sql`details.components`)],
  ]),
  state_history: array(Prisma.sql`details.state_history`),
  // Not concat's own t and f.
  donations_enabled: value(Prisma.sql`n.donations_enabled::text`),
  verified_at: quotedOrNull(utcText(Prisma.sql`n.verified_at`)),
  created_at: time(Prisma.sql`n.created_at`),
  updated_at: time(Prisma.sql`n.updated_at`),
};

type TierLines = { line: Prisma.Sql; details: Prisma.Sql };

const LINES_BY_TIER = Object.fromEntries(
  TIERS.map((tier) => {
    const visible = (Object.keys(NGO_FIELD_TIERS) as NgoField[]).filter((field) => canSee(tier, field));
    const details = canSee(tier, "trust") || canSee(tier, "state_history") ? DETAILS : Prisma.empty;
    return [tier, { line: concat(object(visible.map((field) => [field, FIELD_JSON[field]]))), details }];
  }),
) as Record<Tier, TierLines>;

/** The JSON line of an entry `n` as the tier sees it, and the join that brings its details. */
export function exportLine(tier: Tier): TierLines {
  return LINES_BY_TIER[tier];
}
