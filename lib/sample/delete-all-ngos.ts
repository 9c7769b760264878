import type { RunSql } from "./run-sql";

/** The entries' own tables: their score components, their history and the JSON of both. */
const OWN = ["ngo_state_transitions", "trust_score_components", "ngo_details_json"];

/**
 * Empties the registry for a reseed. TRUNCATE is instant where DELETE walks every row and its
 * cascades, but it would empty any other table that references NGOs wholesale. With such a
 * table, DELETE lets each foreign key apply its own rule (cascade, set null or refuse); the
 * entries' own tables go first, by TRUNCATE, so that neither the cascade nor the state
 * timeline's trigger (which subtracts the history of an entry deleted while public) has anything
 * to walk.
 */
export async function deleteAllNgos(sql: RunSql): Promise<void> {
  const [others] = await sql<{ count: number }>(`
    SELECT count(*)::int AS count FROM pg_constraint
    WHERE contype = 'f' AND confrelid = '"ngos"'::regclass
      AND conrelid NOT IN (${OWN.map((table) => `'"${table}"'::regclass`).join(", ")})`);
  const own = OWN.map((table) => `"${table}"`).join(", ");
  if (others?.count) {
    await sql(`TRUNCATE ${own}`);
    await sql(`DELETE FROM "ngos"`);
  } else await sql(`TRUNCATE ${own}, "ngos"`);
}
