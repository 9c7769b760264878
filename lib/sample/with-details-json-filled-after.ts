import type { SqlRunner } from "@/lib/db/sql-runner";
import { writeMissingDetailsJson } from "@/lib/registry/recount-registry-aggregates";
import type { RunSql } from "./run-sql";
import { withTriggersOff } from "./with-triggers-off";

/** The triggers that write the details' JSON as components and history are inserted (migration 20261128200000_details_json). */
const DETAILS_JSON_INSERT_TRIGGERS = [
  { table: "trust_score_components", trigger: "trust_score_components_json_insert" },
  { table: "ngo_state_transitions", trigger: "ngo_state_transitions_json_insert" },
] as const;

/**
 * The details' JSON of a batched load's entries written once, at its end, instead of by trigger
 * at each of its statements: those would read each statement's entries back from tables whose
 * indexes the load builds only at its end (withIndexesBuiltAfter), that is, read the whole table
 * every time. Every entry without a row gets one; the entries a load adds are new, so no row
 * written before can be stale. (The COPY load writes the rows itself, with its other COPYs.)
 */
export async function withDetailsJsonFilledAfter<T>(sql: RunSql, run: SqlRunner, load: () => Promise<T>): Promise<T> {
  const result = await withTriggersOff(sql, DETAILS_JSON_INSERT_TRIGGERS, load);
  await writeMissingDetailsJson(run);
  return result;
}
