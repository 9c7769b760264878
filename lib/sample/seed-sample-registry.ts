// Loads the sample registry fast, on PostgreSQL and PGlite alike. The generator streams chunks;
// each chunk goes in as one parameterised INSERT per table whose single parameter is the chunk
// as JSON, unpacked by json_to_recordset. Measured against one placeholder per value (and
// against one array per column), that costs the least on both sides: JSON.stringify is native,
// the driver passes one string, and no statement nears the 65,535-parameter limit, whatever the
// chunk size. One transaction for the whole load, so a failed load leaves the registry as it was.
// The search vectors are left to the trigger.
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { DEFAULT_SAMPLE_COUNT, DEFAULT_SAMPLE_SEED, sampleRegistryChunks } from "./generate-sample-registry";

export type SeedSampleRegistryOptions = {
  count?: number;
  seed?: string;
  /** Delete every NGO first (and, through their foreign keys, what hangs off them). */
  reset?: boolean;
};

export type SeedSampleRegistryResult = { ngos: number; components: number; transitions: number };

/** Column → PostgreSQL type; the keys are also the SampleNgo fields that JSON carries. */
type Columns = Readonly<Record<string, string>>;

const NGO_COLUMNS: Columns = {
  id: "text", slug: "text", name: "text", legal_name: "text", registration_number: "text", country: "text",
  city: "text", sector_id: "text", website: "text", description: "text", founded_year: "int",
  donations_enabled: "boolean", state: "ngo_state", trust_score: "int", trust_methodology: "text",
  trust_as_of: "timestamptz", created_at: "timestamptz", updated_at: "timestamptz", verified_at: "timestamptz",
};
const COMPONENT_COLUMNS: Columns = { component: "text", score: "int", weight: "int", evidence_date: "date", source: "text" };
const TRANSITION_COLUMNS: Columns = {
  id: "text", from_state: "ngo_state", to_state: "ngo_state", actor: "text", reason: "text", created_at: "timestamptz",
};

const names = (columns: Columns, alias?: string) =>
  Object.keys(columns).map((c) => (alias ? `${alias}."${c}"` : `"${c}"`)).join(", ");
const record = (columns: Columns) => Object.entries(columns).map(([c, type]) => `"${c}" ${type}`).join(", ");

const INSERT_NGOS = `INSERT INTO "ngos" (${names(NGO_COLUMNS)})
  SELECT ${names(NGO_COLUMNS)} FROM json_to_recordset($1::json) AS n (${record(NGO_COLUMNS)})`;
// Components and transitions are read from inside each NGO, so they need no copy of its id.
const INSERT_COMPONENTS = `INSERT INTO "trust_score_components" ("ngo_id", ${names(COMPONENT_COLUMNS)})
  SELECT n."id", ${names(COMPONENT_COLUMNS, "c")}
  FROM json_to_recordset($1::json) AS n ("id" text, "components" json),
       json_to_recordset(n."components") AS c (${record(COMPONENT_COLUMNS)})`;
const INSERT_TRANSITIONS = `INSERT INTO "ngo_state_transitions" ("ngo_id", ${names(TRANSITION_COLUMNS)})
  SELECT n."id", ${names(TRANSITION_COLUMNS, "t")}
  FROM json_to_recordset($1::json) AS n ("id" text, "transitions" json),
       json_to_recordset(n."transitions") AS t (${record(TRANSITION_COLUMNS)})`;

// JSON.stringify's key lists: each statement gets only the fields it reads. Dates become ISO
// strings in UTC, which PostgreSQL reads the same in any session time zone.
const NGO_KEYS = Object.keys(NGO_COLUMNS);
const COMPONENT_KEYS = ["id", "components", ...Object.keys(COMPONENT_COLUMNS)];
const TRANSITION_KEYS = ["id", "transitions", ...Object.keys(TRANSITION_COLUMNS)];

/** NGOs generated and inserted per round: big enough to amortise a round trip, small in memory. */
const CHUNK_SIZE = 1000;
/** Long enough for a million NGOs on a slow machine; a stuck load still ends. */
const TRANSACTION_TIMEOUT_MS = 30 * 60_000;

export async function seedSampleRegistry(
  prisma: PrismaClient,
  { count = DEFAULT_SAMPLE_COUNT, seed = DEFAULT_SAMPLE_SEED, reset = false }: SeedSampleRegistryOptions = {},
): Promise<SeedSampleRegistryResult> {
  const chunks = sampleRegistryChunks({ count, seed }, CHUNK_SIZE);
  return prisma.$transaction(
    async (tx) => {
      if (reset) await deleteAllNgos(tx);
      return withIndexesBuiltAfter(tx, async () => {
        const result = { ngos: 0, components: 0, transitions: 0 };
        for (const chunk of chunks) {
          result.ngos += await tx.$executeRawUnsafe(INSERT_NGOS, JSON.stringify(chunk, NGO_KEYS));
          result.components += await tx.$executeRawUnsafe(INSERT_COMPONENTS, JSON.stringify(chunk, COMPONENT_KEYS));
          result.transitions += await tx.$executeRawUnsafe(INSERT_TRANSITIONS, JSON.stringify(chunk, TRANSITION_KEYS));
        }
        return result;
      });
    },
    { maxWait: 10_000, timeout: TRANSACTION_TIMEOUT_MS },
  );
}

/**
 * TRUNCATE is instant where DELETE walks every row and its cascades, but it would empty any other
 * table that references NGOs wholesale. With such a table, DELETE lets each foreign key apply
 * its own rule (cascade, set null or refuse).
 */
async function deleteAllNgos(tx: Prisma.TransactionClient): Promise<void> {
  const [others] = await tx.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM pg_constraint
    WHERE contype = 'f' AND confrelid = '"ngos"'::regclass
      AND conrelid NOT IN ('"trust_score_components"'::regclass, '"ngo_state_transitions"'::regclass)`;
  if (others?.count) await tx.$executeRawUnsafe(`DELETE FROM "ngos"`);
  else await tx.$executeRawUnsafe(`TRUNCATE "ngo_state_transitions", "trust_score_components", "ngos"`);
}

const TABLES = `'"ngos"'::regclass, '"trust_score_components"'::regclass, '"ngo_state_transitions"'::regclass`;

/**
 * PostgreSQL's advice for bulk loads ("Populating a Database"), as pg_restore follows it: build
 * secondary indexes and check foreign keys once, after the rows are in, instead of row by row.
 * On PostgreSQL that took about a third off a large load. The definitions come from the
 * catalog, so they come back exactly as the migrations made them, and all of it happens inside
 * the load's transaction: on failure nothing changes. Primary keys and unique indexes stay, so
 * duplicates still fail at once; readers of these tables wait until the load commits.
 */
async function withIndexesBuiltAfter<T>(tx: Prisma.TransactionClient, load: () => Promise<T>): Promise<T> {
  const indexes = await tx.$queryRawUnsafe<{ name: string; definition: string }[]>(
    `SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition
     FROM pg_index WHERE indrelid IN (${TABLES}) AND NOT indisunique`,
  );
  const foreignKeys = await tx.$queryRawUnsafe<{ table: string; name: string; definition: string }[]>(
    `SELECT conrelid::regclass::text AS "table", quote_ident(conname) AS name, pg_get_constraintdef(oid) AS definition
     FROM pg_constraint WHERE contype = 'f' AND conrelid IN (${TABLES})`,
  );
  for (const fk of foreignKeys) await tx.$executeRawUnsafe(`ALTER TABLE ${fk.table} DROP CONSTRAINT ${fk.name}`);
  for (const index of indexes) await tx.$executeRawUnsafe(`DROP INDEX ${index.name}`);
  const result = await load();
  for (const index of indexes) await tx.$executeRawUnsafe(index.definition);
  for (const fk of foreignKeys) await tx.$executeRawUnsafe(`ALTER TABLE ${fk.table} ADD CONSTRAINT ${fk.name} ${fk.definition}`);
  return result;
}
