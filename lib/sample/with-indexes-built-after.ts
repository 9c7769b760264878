import type { RunSql } from "./run-sql";

const TABLES = ["ngos", "trust_score_components", "ngo_state_transitions", "ngo_details_json"].map((table) => `'"${table}"'::regclass`).join(", ");

/**
 * PostgreSQL's advice for bulk loads ("Populating a Database"), as pg_restore follows it: build
 * indexes and check foreign keys once, after the rows are in, instead of row by row. Unique
 * indexes and primary keys too: inserting a random key into a large unique index reads a random
 * page of it, and the score components' and the history's keys alone took a quarter of a load's
 * time. A duplicate then fails the load when its index is built, at the end, rather than at its
 * row; either way the load is rolled back whole. Only the entries' primary key stays: the state
 * timeline's trigger looks entries up by it during the load.
 *
 * The definitions come from the catalog, so they come back exactly as the migrations made them,
 * and all of it happens inside the load's transaction: on failure nothing changes. Readers of
 * these tables wait until the load commits. Triggers stay: the search vectors and anything else
 * kept by trigger are filled as for any write.
 */
export async function withIndexesBuiltAfter<T>(sql: RunSql, load: () => Promise<T>): Promise<T> {
  const kept = `'"ngos"'::regclass`;
  // Constraints (foreign keys first: they depend on the keys they reference) and the indexes
  // that back no constraint.
  const constraints = await sql<{ table: string; name: string; definition: string }>(
    `SELECT conrelid::regclass::text AS "table", quote_ident(conname) AS name, pg_get_constraintdef(oid) AS definition
     FROM pg_constraint
     WHERE conrelid IN (${TABLES}) AND (contype = 'f' OR (contype IN ('p', 'u') AND NOT (contype = 'p' AND conrelid = ${kept})))
     ORDER BY contype = 'f' DESC, conname`,
  );
  const indexes = await sql<{ name: string; definition: string }>(
    `SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition
     FROM pg_index i
     WHERE indrelid IN (${TABLES}) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.contype IN ('p', 'u'))`,
  );
  for (const c of constraints) await sql(`ALTER TABLE ${c.table} DROP CONSTRAINT ${c.name}`);
  for (const index of indexes) await sql(`DROP INDEX ${index.name}`);
  const result = await load();
  for (const index of indexes) await sql(index.definition);
  // Keys before the foreign keys that need them.
  for (const c of [...constraints].reverse()) await sql(`ALTER TABLE ${c.table} ADD CONSTRAINT ${c.name} ${c.definition}`);
  return result;
}
