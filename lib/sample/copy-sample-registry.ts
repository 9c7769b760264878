// Loads the sample registry into PostgreSQL through COPY … FROM STDIN: the rows the batched
// loader (seed-sample-registry.ts) writes, in a fraction of its time at a national register's
// size. Each chunk of the generator goes in as four COPYs (entries, score components, history and
// the JSON of both), so memory holds a few chunks whatever the count. The COPYs go over several
// connections at once, into shadow tables no reader sees, which are then indexed, several builds
// at a time, and swapped in for the live tables in one short transaction (lib/db/swap-tables.ts):
// a failed or killed load leaves the registry as it was. Search vectors come from the trigger,
// which COPY fires like any insert. The statistics' aggregates are recounted once, by the swap;
// the state timeline's is counted as the rows are made (sample-state-months.ts).
import type { BulkLoad } from "@/lib/db/bulk-load";
import type { Connection } from "@/lib/db/connection";
import { bulkRunner } from "@/lib/db/sql-runner";
import { buildShadowKeys, createShadowTables, dropAbandonedLoads, dropShadowTables, newShadowLoad, swapInShadowTables, type ShadowLoad } from "@/lib/db/swap-tables";
import { recountRegistryAggregates, replayStateMonths, type StateMonth } from "@/lib/registry/recount-registry-aggregates";
import { deleteAllNgos } from "./delete-all-ngos";
import { DEFAULT_SAMPLE_COUNT, DEFAULT_SAMPLE_SEED, sampleRegistryChunks, type SampleNgo } from "./generate-sample-registry";
import { COMPONENT_COLUMNS, NGO_COLUMNS, TRANSITION_COLUMNS, type Columns } from "./sample-columns";
import { sampleCopyText } from "./sample-copy-text";
import { StateMonthCounts } from "./sample-state-months";
import type { SeedSampleRegistryOptions, SeedSampleRegistryResult } from "./seed-sample-registry";

/**
 * NGOs per round of COPYs: about 2.6 MB of rows over the four COPYs, which the socket takes at once.
 * Larger chunks saved no round trip worth having and cost the generator's garbage collector more.
 */
const CHUNK_SIZE = 1000;

/**
 * NGOs generated between two turns of the event loop (a millisecond or two of work): a
 * connection can start its next COPY as soon as the server has finished one, instead of waiting
 * for a whole chunk to be generated.
 */
const SLICE_SIZE = 25;

/** Chunks whose COPYs may wait behind the server's, per connection: the generator runs ahead by this much. */
const CHUNKS_AHEAD = 3;

/** Connections, and so server backends, that load and then build indexes at once. */
const LANES = 2;

/**
 * Each index is built from sorted runs held in this memory: with the server's default (64 MB) the
 * two search indexes alone took more than twice as long (6.7 s and 2.8 s against 2.6 s and 1.2 s
 * at 100,000 entries). At 2,000,000 entries the score components' key (ten million rows) sorts in
 * memory only from about 950 MB: with 512 MB it went to disk and took 9.5 s instead of 7.1 s, and
 * the history's 6.3 s instead of 5.6 s. For the builds' and foreign-key checks' own transactions
 * only: one per lane at a time.
 */
const MAINTENANCE_WORK_MEM = "1GB";

/** The tables a load fills, entries first (the others point at them). */
const TABLES = ["ngos", "trust_score_components", "ngo_state_transitions", "ngo_details_json"];

const columnList = (columns: Columns, first: string[] = []) => [...first, ...Object.keys(columns)].map((c) => `"${c}"`).join(", ");
const copyInto = (load: ShadowLoad, table: string, columns: string) => `COPY "${load.tables.find((t) => t.live === table)!.shadow}" (${columns}) FROM STDIN`;
const copyStatements = (load: ShadowLoad) => ({
  ngos: copyInto(load, "ngos", columnList(NGO_COLUMNS)),
  components: copyInto(load, "trust_score_components", columnList(COMPONENT_COLUMNS, ["ngo_id"])),
  transitions: copyInto(load, "ngo_state_transitions", columnList(TRANSITION_COLUMNS, ["ngo_id"])),
  details: copyInto(load, "ngo_details_json", `"ngo_id", "components", "state_history"`),
});

export async function copySampleRegistry(
  connection: Pick<Connection, "loadLanes">,
  { count = DEFAULT_SAMPLE_COUNT, seed = DEFAULT_SAMPLE_SEED, reset = false }: SeedSampleRegistryOptions = {},
): Promise<SeedSampleRegistryResult> {
  if (!connection.loadLanes) throw new Error("a COPY load needs PostgreSQL");
  const load = newShadowLoad(TABLES);
  return connection.loadLanes({ count: LANES, name: load.name }, async (lanes) => {
    const first = lanes[0]!;
    await dropAbandonedLoads(first);
    try {
      await createShadowTables(first, load);
      const stateMonths = new StateMonthCounts();
      const loaded = await copyChunks(lanes, copyStatements(load), sampleRegistryChunks({ count, seed }, SLICE_SIZE), stateMonths);
      await buildShadowKeys(lanes, load, MAINTENANCE_WORK_MEM, {
        ngos: loaded.ngos,
        trust_score_components: loaded.components,
        ngo_state_transitions: loaded.transitions,
        ngo_details_json: loaded.ngos,
      });
      const sql = (lane: BulkLoad) => <T,>(text: string) => lane.query<T>(text);
      // The state timeline of the entries kept (none after a reset), replayed before the load's
      // rows join them: again at each attempt of the swap, as a failed one rolled back.
      let kept: StateMonth[] = [];
      await swapInShadowTables(first, load, {
        before: async (lane) => {
          if (reset) await deleteAllNgos(sql(lane));
          kept = await replayStateMonths(bulkRunner(lane));
        },
        // Counted once, from the whole registry, rather than by the aggregates' triggers at each COPY.
        after: (lane) => recountRegistryAggregates(bulkRunner(lane), { stateMonths: [...stateMonths.rows(), ...kept] }),
      });
      return loaded;
    } catch (error) {
      await dropShadowTables(first, load).catch(() => {});
      throw error;
    }
  });
}

/**
 * The generator runs ahead of the servers' backends: while they store chunks (entries, then score
 * components, history and their JSON), the next chunks are generated here, up to CHUNKS_AHEAD of
 * them per connection, so that no backend waits for rows and memory holds a few chunks whatever
 * the count. Chunks go to the connections in turn, each chunk in a transaction of its own: a
 * transaction held open for the whole load would hold back the events list, which pages below the
 * oldest running transaction. Its commit need not wait for the disk (synchronous_commit off): rows
 * a crash lost are rows of a load that failed, in shadow tables nothing reads.
 */
async function copyChunks(
  lanes: readonly BulkLoad[],
  into: ReturnType<typeof copyStatements>,
  slices: Iterable<SampleNgo[]>,
  stateMonths: StateMonthCounts,
): Promise<SeedSampleRegistryResult> {
  const issued: { table: number; rows: Promise<number> }[] = [];
  let stopped = false;
  const waiting: Promise<unknown>[] = [];
  let interrupted: { error: unknown } | undefined;
  const emptyChunk = () => ({ ngos: [] as Buffer[], components: [] as Buffer[], transitions: [] as Buffer[], details: [] as Buffer[], size: 0 });
  let sent = 0;
  const send = async (chunk: ReturnType<typeof emptyChunk>) => {
    const lane = lanes[sent++ % lanes.length]!;
    const copy = (table: number, sql: string, text: Buffer[]) => {
      const rows = lane.copy(sql, text);
      // Counted at the end; a failure surfaces there, and stops the generator at once.
      rows.catch(() => (stopped = true));
      issued.push({ table, rows });
    };
    void lane.query("BEGIN").catch(() => {});
    void lane.query("SET LOCAL synchronous_commit = off").catch(() => {});
    copy(0, into.ngos, chunk.ngos);
    copy(1, into.components, chunk.components);
    copy(2, into.transitions, chunk.transitions);
    copy(3, into.details, chunk.details);
    // A transaction a COPY aborted ends in a rollback here.
    waiting.push(lane.query("COMMIT").catch(() => {}));
    if (waiting.length > CHUNKS_AHEAD * lanes.length) await waiting.shift();
  };
  try {
    let chunk = emptyChunk();
    for (const slice of slices) {
      if (stopped) break;
      const rows = sampleCopyText(slice);
      for (const ngo of slice) stateMonths.addNgo(ngo);
      // Bytes at once, each slice's: kept as strings, the chunks that wait for their COPYs (a few
      // megabytes) were copied again by every minor garbage collection. At 300,000 entries that
      // was 2.8 s of collections against 0.8 s, and 16.4 s of this process's time against 12.3 s.
      chunk.ngos.push(Buffer.from(rows.ngos));
      chunk.components.push(Buffer.from(rows.components));
      chunk.transitions.push(Buffer.from(rows.transitions));
      chunk.details.push(Buffer.from(rows.details));
      chunk.size += slice.length;
      if (chunk.size >= CHUNK_SIZE) {
        await send(chunk);
        chunk = emptyChunk();
      } else await new Promise((resolve) => setImmediate(resolve));
    }
    if (chunk.size && !stopped) await send(chunk);
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
