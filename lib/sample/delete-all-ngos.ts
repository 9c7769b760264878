import type { RunSql } from "./run-sql";

/**
 * Empties the registry for a reseed. TRUNCATE is instant where DELETE walks every row and its
 * cascades, but it would empty any other table that references NGOs wholesale. With such a
 * table, DELETE lets each foreign key apply its own rule (cascade, set null or refuse); the
 * entries' own score components and history go first, by TRUNCATE, so that neither the cascade
 * nor the state timeline's trigger (which subtracts the history of an entry deleted while public)
 * has anything to walk.
 */
export async function deleteAllNgos(sql: RunSql): Promise<void> {
  const [others] = await sql<{ count: number }>(`
    SELECT count(*)::int AS count FROM pg_constraint
    WHERE contype = 'f' AND confrelid = '"ngos"'::regclass
      AND conrelid NOT IN ('"trust_score_components"'::regclass, '"ngo_state_transitions"'::regclass)`);
  if (others?.count) {
    await sql(`TRUNCATE "ngo_state_transitions", "trust_score_components"`);
    await sql(`DELETE FROM "ngos"`);
  } else await sql(`TRUNCATE "ngo_state_transitions", "trust_score_components", "ngos"`);
}
