// Loads the sample registry fast, on PostgreSQL and PGlite alike. The generator streams chunks;
// each chunk goes in as one parameterised INSERT per table whose single parameter is the chunk
// as JSON, unpacked by json_to_recordset. Measured against one placeholder per value (and
// against one array per column), that costs the least on both sides: JSON.stringify is native,
// the driver passes one string, and no statement nears the 65,535-parameter limit, whatever the
// chunk size. One transaction for the whole load, so a failed load leaves the registry as it was.
// The search vectors are left to the trigger.
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { deleteAllNgos } from "./delete-all-ngos";
import { DEFAULT_SAMPLE_COUNT, DEFAULT_SAMPLE_SEED, sampleRegistryChunks } from "./generate-sample-registry";
import type { RunSql } from "./run-sql";
import { COMPONENT_COLUMNS, NGO_COLUMNS, TRANSITION_COLUMNS, type Columns } from "./sample-columns";
import { transactionRunner } from "@/lib/db/sql-runner";
import { withDetailsJsonFilledAfter } from "./with-details-json-filled-after";
import { withIndexesBuiltAfter } from "./with-indexes-built-after";

export type SeedSampleRegistryOptions = {
  count?: number;
  seed?: string;
  /** Delete every NGO first (and, through their foreign keys, what hangs off them). */
  reset?: boolean;
};

export type SeedSampleRegistryResult = { ngos: number; components: number; transitions: number };

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
      const sql = runIn(tx);
      if (reset) await deleteAllNgos(sql);
      return withDetailsJsonFilledAfter(sql, transactionRunner(tx), () =>
        withIndexesBuiltAfter(sql, async () => {
          const result = { ngos: 0, components: 0, transitions: 0 };
          for (const chunk of chunks) {
            result.ngos += await tx.$executeRawUnsafe(INSERT_NGOS, JSON.stringify(chunk, NGO_KEYS));
            result.components += await tx.$executeRawUnsafe(INSERT_COMPONENTS, JSON.stringify(chunk, COMPONENT_KEYS));
            result.transitions += await tx.$executeRawUnsafe(INSERT_TRANSITIONS, JSON.stringify(chunk, TRANSITION_KEYS));
          }
          return result;
        }),
      );
    },
    { maxWait: 10_000, timeout: TRANSACTION_TIMEOUT_MS },
  );
}

/** Statements through the transaction: rows from a query, none from anything else (DDL, TRUNCATE). */
function runIn(tx: Prisma.TransactionClient): RunSql {
  return async <T,>(sql: string) =>
    /^\s*SELECT\b/i.test(sql) ? tx.$queryRawUnsafe<T[]>(sql) : ((await tx.$executeRawUnsafe(sql)), []);
}
