// An import's batch on PostgreSQL: the rows' keys and all it writes go in by COPY into temporary
// tables, and set-based statements apply them — a handful of statements however many rows, in
// the bulk load's one transaction. What it decides is what the statement path (upsert-ngo-batch.ts)
// decides: the same change detection (ngoChanges), slugs (assignSlugs), scores and events.
import { Prisma } from "@/lib/db";
import type { BulkLoad } from "@/lib/db/bulk-load";
import { copyLine } from "@/lib/db/copy-line";
import { bulkRunner } from "@/lib/db/sql-runner";
import { WEBHOOK_API_VERSION } from "@/lib/events/event-types";
import { eventPayloads, outboxWritesFrom, type NewEvent } from "@/lib/events/record-event";
import { randomId } from "@/lib/random-id";
import { TRUST_METHODOLOGY_VERSION, type TrustScore } from "@/lib/trust/components";
import { actorText, type Actor } from "./actor";
import { assignSlugs, createdEvent, newNgoRows } from "./insert-ngo";
import { LOCKED_NGO_COLUMNS, queueEntryWrites, type LockedNgo } from "./locked-ngo";
import { ngoChanges, PROFILE_FIELDS, updateEvents, type NgoChanges, type ProfileField, type StoredComponent } from "./ngo-changes";
import type { CreateNgoInput } from "./schemas";
import { importKey, type ImportOutcome } from "./upsert-ngo-batch";

const PROFILE = Object.keys(PROFILE_FIELDS) as ProfileField[];
const column = (field: ProfileField) => (field === "sector" ? "sector_id" : field);

/**
 * Upserts a batch: rows whose key (or entry) repeats an earlier row's in the batch go in a next
 * round, after the earlier one is written, so that they see it as the statement path does.
 */
export async function copyNgoBatch(bulk: BulkLoad, inputs: readonly CreateNgoInput[], actor: Actor): Promise<ImportOutcome[]> {
  const outcomes: ImportOutcome[] = [];
  let round = inputs.map((input, index) => ({ input, index }));
  // The statement path's transaction gives up after two minutes; this one waits as long for a
  // queue or row lock another writer holds, then fails, and the batch goes again row by row.
  await bulk.query(`SET LOCAL lock_timeout = '120s'`);
  // Before the first write (the temporary tables below are one): every entry the batch may update.
  const registered = inputs.filter((i) => !i.slug && i.registration_number);
  await queueEntryWrites(bulkRunner(bulk), Prisma.sql`
    SELECT id FROM ngos WHERE slug = ANY(${inputs.flatMap((i) => (i.slug ? [i.slug] : []))}::text[])
    UNION ALL
    SELECT n.id FROM ngos n JOIN unnest(${registered.map((i) => i.country)}::text[], ${registered.map((i) => i.registration_number!)}::text[]) AS k (country, registration_number)
      ON n.country = k.country::bpchar AND n.registration_number = k.registration_number`);
  // Keys and ids compare as the entries' own columns do, byte by byte (COLLATE "C").
  await bulk.query(`CREATE TEMP TABLE import_keys (ord int, k_slug text COLLATE "C", k_country char(2) COLLATE "C", k_registration text COLLATE "C") ON COMMIT DROP`);
  await bulk.query(`CREATE TEMP TABLE import_updates (id text COLLATE "C", version int, changed text[], ${PROFILE.map((f) => `${column(f)} text`).join(", ")},
    trust_score int, trust_methodology text, trust_as_of timestamptz) ON COMMIT DROP`);
  await bulk.query(`CREATE TEMP TABLE import_events (id text, type text, data jsonb, created_at timestamptz) ON COMMIT DROP`);
  while (round.length) {
    const later = await applyRound(bulk, round, actor, outcomes);
    round = later;
  }
  return outcomes;
}

type Item = { input: CreateNgoInput; index: number };
type Update = { current: LockedNgo; changes: NgoChanges };

async function applyRound(bulk: BulkLoad, items: readonly Item[], actor: Actor, outcomes: ImportOutcome[]): Promise<Item[]> {
  const now = new Date();
  const found = await lockMatches(bulk, items);
  const stored = await storedComponents(bulk, items.flatMap((item) => (item.input.trust_components && found.get(item.index) ? [found.get(item.index)!.id] : [])));
  const seenKeys = new Set<string>();
  const seenIds = new Set<string>();
  const later: Item[] = [];
  const updates: Update[] = [];
  const creates: Item[] = [];
  for (const item of items) {
    const key = importKey(item.input);
    const current = found.get(item.index);
    if ((key && seenKeys.has(key)) || (current && seenIds.has(current.id))) {
      later.push(item);
      continue;
    }
    if (key) seenKeys.add(key);
    if (!current) {
      creates.push(item);
      outcomes[item.index] = "created";
      continue;
    }
    seenIds.add(current.id);
    const changes = ngoChanges(current, item.input, stored.get(current.id) ?? [], now);
    outcomes[item.index] = changes.changed.length ? "updated" : "unchanged";
    if (changes.changed.length) updates.push({ current, changes });
  }
  await writeUpdates(bulk, updates, now);
  const created = newNgoRows(creates.map((c) => c.input), await assignSlugs(bulkRunner(bulk), creates.map((c) => c.input)), now);
  await copy(bulk, `COPY ngos (id, slug, name, legal_name, registration_number, country, city, sector_id, website, description, founded_year,
    donations_enabled, state, trust_score, trust_methodology, trust_as_of, created_at, updated_at) FROM STDIN`, created.map(({ id, slug, input, score }) =>
    copyLine([id, slug, input.name, input.legal_name || input.name, input.registration_number ?? "", input.country, input.city ?? "", input.sector,
      input.website ?? null, input.description ?? "", input.founded_year ?? null, input.donations_enabled ?? false, "draft",
      ...scoreColumns(score, now), now, now])));
  const rescored = [...updates.flatMap((u) => (u.changes.score ? [{ id: u.current.id, score: u.changes.score }] : [])), ...created];
  await copy(bulk, `COPY trust_score_components (ngo_id, component, score, weight, evidence_date, source) FROM STDIN`, rescored.flatMap(({ id, score }) =>
    (score?.components ?? []).map((c) => copyLine([id, c.component, c.score, c.weight, c.evidence_date.toISOString().slice(0, 10), c.source]))));
  await copy(bulk, `COPY ngo_state_transitions (id, ngo_id, from_state, to_state, actor, reason, created_at) FROM STDIN`,
    created.map(({ id }) => copyLine([randomId("nst"), id, null, "draft", actorText(actor), "created", now])));
  await writeEvents(bulk, [...updates.flatMap((u) => updateEvents(u.current, u.changes)), ...created.map(createdEvent)]);
  return later;
}

/** The outbox write of recordEvents, its events sent by COPY rather than as parameter arrays. */
async function writeEvents(bulk: BulkLoad, events: readonly NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await bulk.query(`TRUNCATE import_events`);
  await copy(bulk, `COPY import_events (id, type, data, created_at) FROM STDIN`,
    eventPayloads(events).map((e) => copyLine([e.id, e.type, JSON.stringify(e.data), e.created_at])));
  await bulkRunner(bulk)(Prisma.sql`WITH ${outboxWritesFrom(Prisma.sql`SELECT id, type, ${WEBHOOK_API_VERSION}, data, created_at FROM import_events`)} SELECT 1`);
}

/** The entries the rows update, locked FOR UPDATE, by row: by slug when the row has one, else by registration. */
async function lockMatches(bulk: BulkLoad, items: readonly Item[]): Promise<Map<number, LockedNgo>> {
  await bulk.query(`TRUNCATE import_keys`);
  await copy(bulk, `COPY import_keys (ord, k_slug, k_country, k_registration) FROM STDIN`, items.flatMap(({ input, index }) =>
    input.slug || input.registration_number ? [copyLine([index, input.slug ?? null, input.country, input.slug ? null : input.registration_number])] : []));
  // One statement locks them all in the order of their ids, as the statement path does: two
  // imports (or an import and an update) wait for each other instead of deadlocking.
  const rows = await bulkRunner(bulk)<LockedNgo & { ord: number }>(Prisma.sql`
    SELECT m.ord, ${LOCKED_NGO_COLUMNS} FROM ngos JOIN (
      SELECT ord, id AS matched FROM ngos JOIN import_keys ON slug = k_slug
      UNION ALL
      SELECT ord, id FROM ngos JOIN import_keys ON k_registration IS NOT NULL AND country = k_country AND registration_number = k_registration
    ) m ON id = m.matched
    ORDER BY id FOR UPDATE OF ngos`);
  // Nothing makes a registration number unique: of several entries with one, the last by id
  // wins, as in the statement path.
  const found = new Map<number, LockedNgo>();
  for (const { ord, ...ngo } of rows) found.set(ord, ngo);
  return found;
}

async function storedComponents(bulk: BulkLoad, ids: readonly string[]): Promise<Map<string, StoredComponent[]>> {
  const byNgo = new Map<string, StoredComponent[]>();
  if (ids.length === 0) return byNgo;
  const rows = await bulkRunner(bulk)<StoredComponent & { ngo_id: string }>(Prisma.sql`
    SELECT ngo_id, component, score, weight, evidence_date::text AS evidence_date, source FROM trust_score_components WHERE ngo_id = ANY(${ids}::text[])`);
  for (const { ngo_id, ...component } of rows) byNgo.set(ngo_id, [...(byNgo.get(ngo_id) ?? []), component]);
  return byNgo;
}

/** The changed fields only (each row names its own), the version, and the score where its inputs changed. */
async function writeUpdates(bulk: BulkLoad, updates: readonly Update[], now: Date): Promise<void> {
  if (updates.length === 0) return;
  await bulk.query(`TRUNCATE import_updates`);
  await copy(bulk, `COPY import_updates FROM STDIN`, updates.map(({ current, changes: { profile, changed, score } }) =>
    copyLine([current.id, current.version + 1, `{${changed.join(",")}}`, ...PROFILE.map((f) => profile[f] ?? null), ...(score ? scoreColumns(score, now) : [null, null, null])])));
  const types: Partial<Record<ProfileField, string>> = { country: "char(2)", founded_year: "int", donations_enabled: "boolean" };
  const set = PROFILE.map((f) => `${column(f)} = CASE WHEN '${f}' = ANY(u.changed) THEN u.${column(f)}::${types[f] ?? "text"} ELSE n.${column(f)} END`);
  await bulk.query(
    `UPDATE ngos n SET ${set.join(", ")}, trust_score = coalesce(u.trust_score, n.trust_score),
      trust_methodology = coalesce(u.trust_methodology, n.trust_methodology), trust_as_of = coalesce(u.trust_as_of, n.trust_as_of),
      version = u.version, updated_at = $1 FROM import_updates u WHERE n.id = u.id`,
    [now],
  );
  const rescored = updates.flatMap((u) => (u.changes.score ? [u.current.id] : []));
  if (rescored.length) await bulk.query(`DELETE FROM trust_score_components WHERE ngo_id = ANY($1::text[])`, [rescored]);
}

function scoreColumns(score: TrustScore | null, now: Date): unknown[] {
  return [score?.score ?? 0, score?.methodology_version ?? TRUST_METHODOLOGY_VERSION, score?.as_of ?? now];
}

async function copy(bulk: BulkLoad, sql: string, lines: readonly string[]): Promise<void> {
  if (lines.length === 0) return;
  await bulk.copy(sql, lines.join(""));
}
