import type { SqlRunner } from "@/lib/db/sql-runner";
import { recountRegistryAggregates } from "@/lib/registry/recount-registry-aggregates";
import type { RunSql } from "./run-sql";
import { withTriggersOff } from "./with-triggers-off";

/**
 * The triggers that add inserted entries and history to the aggregates (migrations
 * 20261126200000_registry_stats_aggregates and 20261127000000_state_timeline_aggregates).
 */
const INSERT_TRIGGERS = [
  { table: "ngos", trigger: "ngos_stats_insert" },
  { table: "ngo_state_transitions", trigger: "ngo_state_transitions_months" },
] as const;

/**
 * The statistics' and the state timeline's aggregates counted once, after a bulk load, as its
 * indexes are built (withIndexesBuiltAfter), instead of by their triggers at each of its COPYs:
 * at 2,000,000 entries those triggers were a fifth of the server's work in the COPY phase (the
 * timeline's reads back each new entry and orders its history), and every trigger with a
 * transition table also keeps a copy of each row it is given. The recount reads the whole
 * registry, so its totals are exact whatever was there before the load.
 */
export async function withAggregatesRecountedAfter<T>(sql: RunSql, run: SqlRunner, load: () => Promise<T>): Promise<T> {
  const result = await withTriggersOff(sql, INSERT_TRIGGERS, load);
  await recountRegistryAggregates(run);
  return result;
}
