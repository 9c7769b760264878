// Loads the sample registry into PostgreSQL through COPY … FROM STDIN: the rows the batched
// loader (seed-sample-registry.ts) writes, in a fraction of its time at a national register's
// size. Each chunk of the generator goes in as four COPYs (entries, score components, history and
// the JSON of both), so memory holds a few chunks whatever the count, and everything is one
// transaction: a failed or killed load leaves the registry as it was. Search vectors come from
// the trigger, which COPY fires like any insert; the aggregates are recounted once, at the end.
import type { BulkLoad } from "@/lib/db/bulk-load";
import { bulkRunner } from "@/lib/db/sql-runner";
import { deleteAllNgos } from "./delete-all-ngos";
import { DEFAULT_SAMPLE_COUNT, DEFAULT_SAMPLE_SEED, sampleRegistryChunks, type SampleNgo } from "./generate-sample-registry";
import { COMPONENT_COLUMNS, NGO_COLUMNS, TRANSITION_COLUMNS, type Columns } from "./sample-columns";
import { sampleCopyText } from "./sample-copy-text";
import type { SeedSampleRegistryOptions, SeedSampleRegistryResult } from "./seed-sample-registry";
import { withAggregatesRecountedAfter } from "./with-aggregates-recounted-after";
import { DETAILS_JSON_INSERT_TRIGGERS } from "./with-details-json-filled-after";
import { withIndexesBuiltAfter } from "./with-indexes-built-after";
import { withTriggersOff } from "./with-triggers-off";

/**
 * NGOs per round of COPYs: about a megabyte and a half of text, which the socket takes at once.
 * Larger chunks saved no round trip worth having and cost the generator's garbage collector more.
 */
const CHUNK_SIZE = 1000;

/**
 * NGOs generated between two turns of the event loop (a millisecond or two of work): the
 * connection can start the next COPY as soon as the server has finished one, instead of waiting
 * for a whole chunk to be generated.
 */
const SLICE_SIZE = 25;

/** Chunks whose COPYs may wait behind the server's: the generator runs ahead by this much. */
const CHUNKS_AHEAD = 3;

const columnList = (columns: Columns, first: string[] = []) => [...first, ...Object.keys(columns)].map((c) => `"${c}"`).join(", ");
const COPY_NGOS = `COPY "ngos" (${columnList(NGO_COLUMNS)}) FROM STDIN`;
const COPY_COMPONENTS = `COPY "trust_score_components" (${columnList(COMPONENT_COLUMNS, ["ngo_id"])}) FROM STDIN`;
const COPY_TRANSITIONS = `COPY "ngo_state_transitions" (${columnList(TRANSITION_COLUMNS, ["ngo_id"])}) FROM STDIN`;
const COPY_DETAILS = `COPY "ngo_details_json" ("ngo_id", "components", "state_history") FROM STDIN`;

export async function copySampleRegistry(
  bulk: BulkLoad,
  { count = DEFAULT_SAMPLE_COUNT, seed = DEFAULT_SAMPLE_SEED, reset = false }: SeedSampleRegistryOptions = {},
): Promise<SeedSampleRegistryResult> {
  const sql = <T,>(text: string) => bulk.query<T>(text);
  if (reset) await deleteAllNgos(sql);
  // The indexes are rebuilt at the end from sorted runs held in this memory: with the server's
  // default (64 MB) the two search indexes alone took more than twice as long (6.7 s and 2.8 s
  // against 2.6 s and 1.2 s at 100,000 entries). For this transaction only.
  await sql(`SET LOCAL maintenance_work_mem = '512MB'`);
  const run = bulkRunner(bulk);
  // The details' JSON comes with the rows (sampleCopyText), so its triggers stay off and nothing is
  // left to fill at the end.
  return withAggregatesRecountedAfter(sql, run, () =>
    withTriggersOff(sql, DETAILS_JSON_INSERT_TRIGGERS, async () => {
      const loaded = await withIndexesBuiltAfter(sql, () => copyChunks(bulk, sampleRegistryChunks({ count, seed }, SLICE_SIZE)));
      // The planner's statistics at once, rather than whenever autovacuum gets to tables that went
      // from empty to millions of rows: the details' JSON, the recount and the first requests
      // after a load plan with the real sizes.
      await sql(`ANALYZE "ngos", "trust_score_components", "ngo_state_transitions"`);
      return loaded;
    }),
  );
}

/**
 * The generator and the server each work on a core of their own: while the server stores one
 * chunk (entries, then score components, history and their JSON), the next chunks are generated here, up to
 * CHUNKS_AHEAD of them, so that the server never waits for rows and memory holds a few chunks
 * whatever the count. Measured at 2,000,000 entries: with the generator one chunk ahead and
 * generating each chunk in one go, the server's backend slept a quarter of the time and the
 * generator two fifths.
 */
async function copyChunks(bulk: BulkLoad, slices: Iterable<SampleNgo[]>): Promise<SeedSampleRegistryResult> {
  const issued: { table: number; rows: Promise<number> }[] = [];
  const copy = (table: number, sql: string, text: string) => {
    const rows = bulk.copy(sql, text);
    // Counted at the end; a failure surfaces there, or sooner through the next COPY it aborts.
    rows.catch(() => {});
    issued.push({ table, rows });
    return rows;
  };
  const waiting: Promise<unknown>[] = [];
  let interrupted: { error: unknown } | undefined;
  const emptyChunk = () => ({ ngos: "", components: "", transitions: "", details: "", size: 0 });
  try {
    let chunk = emptyChunk();
    const send = async () => {
      void copy(0, COPY_NGOS, chunk.ngos);
      void copy(1, COPY_COMPONENTS, chunk.components);
      void copy(2, COPY_TRANSITIONS, chunk.transitions);
      waiting.push(copy(3, COPY_DETAILS, chunk.details));
      chunk = emptyChunk();
      if (waiting.length > CHUNKS_AHEAD) await waiting.shift();
    };
    for (const slice of slices) {
      const rows = sampleCopyText(slice);
      chunk.ngos += rows.ngos;
      chunk.components += rows.components;
      chunk.transitions += rows.transitions;
      chunk.details += rows.details;
      chunk.size += slice.length;
      if (chunk.size >= CHUNK_SIZE) await send();
      else await new Promise((resolve) => setImmediate(resolve));
    }
    if (chunk.size) await send();
  } catch (error) {
    interrupted = { error };
  }
  // The COPY that failed first says why; those behind it only that the transaction was aborted.
  const outcomes = await Promise.allSettled(issued.map((c) => c.rows));
  const failed = outcomes.find((o) => o.status === "rejected");
  if (failed) throw failed.reason;
  if (interrupted) throw interrupted.error;
  const total = (table: number) => outcomes.reduce((sum, o, i) => sum + (issued[i]!.table === table ? (o as PromiseFulfilledResult<number>).value : 0), 0);
  return { ngos: total(0), components: total(1), transitions: total(2) };
}
