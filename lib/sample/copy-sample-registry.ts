// Loads the sample registry into PostgreSQL through COPY … FROM STDIN: the rows the batched
// loader (seed-sample-registry.ts) writes, in a fraction of its time at a national register's
// size. Each chunk of the generator goes in as three COPYs (entries, score components, history),
// so memory holds a chunk or two whatever the count, and everything is one transaction: a failed
// or killed load leaves the registry as it was. Search vectors come from the trigger, which COPY
// fires like any insert.
import type { BulkLoad } from "@/lib/db/bulk-load";
import { copyLine } from "@/lib/db/copy-line";
import { deleteAllNgos } from "./delete-all-ngos";
import { DEFAULT_SAMPLE_COUNT, DEFAULT_SAMPLE_SEED, sampleRegistryChunks, type SampleNgo } from "./generate-sample-registry";
import { COMPONENT_COLUMNS, NGO_COLUMNS, TRANSITION_COLUMNS, type Columns } from "./sample-columns";
import type { SeedSampleRegistryOptions, SeedSampleRegistryResult } from "./seed-sample-registry";
import { withIndexesBuiltAfter } from "./with-indexes-built-after";

/**
 * NGOs per round of COPYs: about a megabyte of text, which the socket takes at once. Larger
 * chunks saved no round trip worth having and cost the generator's garbage collector more.
 */
const CHUNK_SIZE = 1000;

const columnList = (columns: Columns, first: string[] = []) => [...first, ...Object.keys(columns)].map((c) => `"${c}"`).join(", ");
const COPY_NGOS = `COPY "ngos" (${columnList(NGO_COLUMNS)}) FROM STDIN`;
const COPY_COMPONENTS = `COPY "trust_score_components" (${columnList(COMPONENT_COLUMNS, ["ngo_id"])}) FROM STDIN`;
const COPY_TRANSITIONS = `COPY "ngo_state_transitions" (${columnList(TRANSITION_COLUMNS, ["ngo_id"])}) FROM STDIN`;

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
  // The statistics' and the timeline's aggregates are folded once, at the end, rather than after
  // each of thousands of COPYs (see migration 20261127020000_bulk_loads_fold_once).
  await sql(`SET LOCAL trust_registry.defer_folds = 'on'`);
  const result = await withIndexesBuiltAfter(sql, () => copyChunks(bulk, sampleRegistryChunks({ count, seed }, CHUNK_SIZE)));
  await sql(`SELECT pg_advisory_xact_lock(72190021), pg_advisory_xact_lock(72190022)`);
  await sql(`SELECT ngo_stats_fold(), ngo_state_months_fold()`);
  // The planner's statistics at once, rather than whenever autovacuum gets to tables that went
  // from empty to millions of rows: the first requests after a load plan with the real sizes.
  await sql(`ANALYZE "ngos", "trust_score_components", "ngo_state_transitions"`);
  return result;
}

/**
 * The generator and the server take turns on one core each: while the server stores a chunk's
 * entries (their search vectors are most of its work), the next chunk is generated here. So a
 * chunk's components and history are sent with the next chunk's entries, behind which the loop
 * waits only until the socket has taken them.
 */
async function copyChunks(bulk: BulkLoad, chunks: Iterable<SampleNgo[]>): Promise<SeedSampleRegistryResult> {
  const issued: { table: number; rows: Promise<number> }[] = [];
  const copy = (table: number, sql: string, text: string) => {
    const started = bulk.startCopy(sql, text);
    const rows = started.then((c) => c.stored);
    // Counted at the end; a failure surfaces there, or sooner through the next COPY it aborts.
    rows.catch(() => {});
    issued.push({ table, rows });
    return started;
  };
  const sendHistory = (chunk: SampleNgo[]) => {
    void copy(1, COPY_COMPONENTS, text(chunk, COMPONENT_COLUMNS, (n) => n.components)).catch(() => {});
    void copy(2, COPY_TRANSITIONS, text(chunk, TRANSITION_COLUMNS, (n) => n.transitions)).catch(() => {});
  };
  let interrupted: { error: unknown } | undefined;
  try {
    let previous: SampleNgo[] | undefined;
    for (const chunk of chunks) {
      if (previous) sendHistory(previous);
      await copy(0, COPY_NGOS, text(chunk, NGO_COLUMNS, (n) => [n]));
      previous = chunk;
    }
    if (previous) sendHistory(previous);
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

/**
 * A chunk as COPY text for one table: each NGO's own row, or one row per component or history
 * line, which then starts with the NGO's id.
 */
function text<T extends object>(chunk: readonly SampleNgo[], columns: Columns, rowsOf: (ngo: SampleNgo) => readonly T[]): string {
  const names = Object.entries(columns);
  let out = "";
  for (const ngo of chunk) {
    for (const row of rowsOf(ngo)) {
      const values = names.map(([name, type]) => {
        const value = (row as Record<string, unknown>)[name];
        return type === "date" && value instanceof Date ? value.toISOString().slice(0, 10) : value;
      });
      out += copyLine(row === (ngo as object) ? values : [ngo.id, ...values]);
    }
  }
  return out;
}
