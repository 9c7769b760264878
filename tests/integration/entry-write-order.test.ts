// The events of one entry are listed in the order its writes committed, even for a write that got
// its transaction id long before it reached the entry (lib/lifecycle/locked-ngo.ts,
// queueEntryWrites). An import's batch on PostgreSQL writes its temporary tables first, then
// waits for every entry it updates: here it waits for one entry (a row lock this test holds) while
// an update of another entry of its batch is asked for. Whichever write ends last, the last
// ngo.updated event listed for that entry must name the name it kept, or a reader following the
// list ends with a state the registry no longer has. PostgreSQL only: the COPY path is on trial,
// and the embedded database serves one process at a time.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { runCli } from "../support/run-cli";

const onPostgres = process.env.TEST_DATABASE === "postgres";
let database: TestDatabase;
let dir: string;
/** The test's hold on an entry, and an observer: a transaction sees one snapshot of pg_stat_activity. */
let holder: pg.Client;
let observer: pg.Client;

beforeAll(async () => {
  if (!onPostgres) return;
  database = await createTestDatabase({ seed: false });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tr-write-order-"));
  holder = new pg.Client({ connectionString: database.directUrl });
  observer = new pg.Client({ connectionString: database.directUrl });
  await Promise.all([holder.connect(), observer.connect()]);
}, 120_000);

afterAll(async () => {
  await Promise.all([holder?.end(), observer?.end()]);
  await database?.drop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function create(name: string): Promise<{ id: string; slug: string }> {
  const created = await runCli(["ngos", "create", "--name", name, "--sector", "health", "--country", "KE", "--json"], database.env);
  expect(created.code, created.stderr).toBe(0);
  return JSON.parse(created.stdout).data;
}

/** Backends of this database waiting for a lock (the holder never waits). */
async function waitingForLocks(): Promise<number> {
  const { rows } = await observer.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return rows[0]!.n;
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!onPostgres)("writes of one entry", () => {
  it("are listed in the order they committed when an import waited for its batch meanwhile", async () => {
    // Ids sort by creation: the import locks `held` first, and waits there.
    const held = await create("Order Held");
    const target = await create("Order Target");
    expect(held.id < target.id).toBe(true);
    const file = path.join(dir, "order.csv");
    fs.writeFileSync(file, `name,slug,sector,country\nImported Held,${held.slug},health,KE\nImported Target,${target.slug},health,KE\n`);

    await holder.query("BEGIN");
    await holder.query("SELECT 1 FROM ngos WHERE id = $1 FOR UPDATE", [held.id]);
    const imported = runCli(["ngos", "import", file, "--json"], database.env);
    let importEnded = false;
    void imported.finally(() => (importEnded = true));
    await until(async () => importEnded || (await waitingForLocks()) >= 1, "the import waits for the held entry");
    expect(importEnded, JSON.stringify(importEnded && (await imported))).toBe(false);
    const updated = runCli(["ngos", "update", target.slug, "--name", "Updated Target", "--json"], database.env);
    let updateEnded = false;
    void updated.finally(() => (updateEnded = true));
    // The update either ends (it wrote before the import reached the entry) or queues behind it.
    await until(async () => updateEnded || (await waitingForLocks()) >= 2, "the update ends or waits");
    await holder.query("COMMIT");
    for (const result of [await imported, await updated]) expect(result.code, result.stderr).toBe(0);

    const { rows: entry } = await observer.query<{ name: string }>("SELECT name FROM ngos WHERE id = $1", [target.id]);
    const { rows: events } = await observer.query<{ name: string }>(
      `SELECT data->'ngo'->>'name' AS name FROM webhook_events
       WHERE type = 'ngo.updated' AND data->'ngo'->>'id' = $1 ORDER BY txid, id`,
      [target.id],
    );
    expect(events.map((e) => e.name).sort()).toEqual(["Imported Target", "Updated Target"]);
    expect(events.at(-1)?.name).toBe(entry[0]?.name);
  }, 120_000);
});
