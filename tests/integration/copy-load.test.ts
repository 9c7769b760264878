// A load through COPY that dies half-way: `db seed` killed (SIGKILL, no chance to roll back
// itself) while its COPYs run leaves the registry as it was, indexes and all, and the next seed
// works. PostgreSQL only: the embedded database has no COPY path.
import { spawn } from "node:child_process";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv } from "../support/child-env";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { watchForOrphaning } from "../support/process-group";
import { ROOT } from "../support/root";
import { runCli } from "../support/run-cli";
import { scriptArgs } from "../support/test-scripts";

const onPostgres = process.env.TEST_DATABASE === "postgres";
let database: TestDatabase;
let client: pg.Client;

beforeAll(async () => {
  if (!onPostgres) return;
  database = await createTestDatabase({ seed: false });
  client = new pg.Client({ connectionString: database.directUrl });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await database?.drop();
});

const value = async (sql: string) => Object.values((await client.query(sql)).rows[0] as object)[0] as number;
const registrySize = () =>
  value(`SELECT ((SELECT count(*) FROM ngos) + (SELECT count(*) FROM trust_score_components) + (SELECT count(*) FROM ngo_state_transitions))::int AS n`);
const indexCount = () => value(`SELECT count(*)::int AS n FROM pg_index WHERE indrelid = 'ngos'::regclass`);
/** Every index and constraint of the loaded tables, as their definitions read. */
const schemaOfLoadedTables = async () =>
  (
    await client.query<{ definition: string }>(`
      SELECT pg_get_indexdef(indexrelid) AS definition FROM pg_index WHERE indrelid IN ('ngos'::regclass, 'trust_score_components'::regclass, 'ngo_state_transitions'::regclass)
      UNION ALL
      SELECT conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
      WHERE conrelid IN ('ngos'::regclass, 'trust_score_components'::regclass, 'ngo_state_transitions'::regclass)
      ORDER BY 1`)
  ).rows.map((row) => row.definition);
/** The load turns the aggregates' insert triggers off in its transaction: none may stay off. */
const triggersOff = () =>
  value(`SELECT count(*)::int AS n FROM pg_trigger WHERE NOT tgisinternal AND tgenabled = 'D'
    AND tgrelid IN ('ngos'::regclass, 'trust_score_components'::regclass, 'ngo_state_transitions'::regclass)`);
const loadsRunning = () => value(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name LIKE 'trust-registry-load%' AND datname = current_database()`);
/** The load's own tables, which it swaps in for the live ones when it is done (lib/db/swap-tables.ts). */
const shadowTables = () => value(`SELECT count(*)::int AS n FROM pg_class WHERE relname LIKE 'tr\\_load\\_%'`);
// pg_stat_progress_copy shows a COPY while it runs: components or history going in means a chunk's entries are in.
const historyCopying = () =>
  value(`SELECT count(*)::int AS n FROM pg_stat_progress_copy p JOIN pg_class c ON c.oid = p.relid WHERE p.datname = current_database()
    AND (c.relname LIKE '%trust_score_components' OR c.relname LIKE '%ngo_state_transitions')`);

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 60_000, pollMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

describe.runIf(onPostgres)("db seed through COPY, killed half-way", { timeout: 180_000 }, () => {
  it("leaves no row behind, keeps every index, and the next seed loads", async () => {
    const indexes = await indexCount();
    const schema = await schemaOfLoadedTables();
    const child = spawn(process.execPath, scriptArgs("scripts/cli.ts", "db", "seed", "--count", "200000"), {
      cwd: ROOT,
      env: childEnv("development", database.env),
      stdio: "ignore",
    });
    watchForOrphaning(child);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    // Killed as soon as rows are going in, into tables of the load's own.
    await until(async () => (await historyCopying()) > 0, "the load's first rows", 60_000, 20);
    // Meanwhile the live registry answers at once: the load's rows go into tables of its own.
    await client.query(`BEGIN`);
    await client.query(`SET LOCAL lock_timeout = '2s'`);
    expect(await value(`SELECT count(*)::int AS n FROM ngos WHERE state = 'verified'`)).toBe(0);
    await client.query(`COMMIT`);
    child.kill("SIGKILL");
    await exited;
    await until(async () => (await loadsRunning()) === 0, "the server to end the load's session");

    expect(await registrySize()).toBe(0);
    expect(await indexCount()).toBe(indexes);
    expect(await triggersOff()).toBe(0);
    // Its tables stay until the next load, which drops them: no session of the killed load is left.
    expect(await shadowTables()).toBeGreaterThan(0);
    const seeded = await runCli(["db", "seed", "--count", "300", "--json"], database.env);
    expect(seeded.code).toBe(0);
    expect(JSON.parse(seeded.stdout)).toMatchObject({ ngos: 300, components: 1500, database: "postgresql" });
    expect(await shadowTables()).toBe(0);
    // The load builds the indexes, keys and foreign keys of its own tables after their rows, and
    // swaps those in: all are as the migrations made them.
    expect(await schemaOfLoadedTables()).toEqual(schema);
    expect(schema.some((definition) => definition.includes("PRIMARY KEY (ngo_id, component)"))).toBe(true);
    // The load recounts its aggregates once, at its end: no change is left unfolded.
    expect(await triggersOff()).toBe(0);
    expect(await value(`SELECT ((SELECT count(*) FROM ngo_stat_deltas) + (SELECT count(*) FROM ngo_state_month_deltas))::int AS n`)).toBe(0);
    expect(await value(`SELECT sum(count)::int AS n FROM ngo_stats`)).toBe(300);
    // Vacuumed after the commit: every page of entries is visible to all (index-only reads).
    expect(await value(`SELECT (relpages > 0 AND relallvisible = relpages)::int AS n FROM pg_class WHERE oid = '"ngos"'::regclass`)).toBe(1);
  });
});
