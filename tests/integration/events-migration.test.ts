// The migration that orders the events list by transaction keeps the events written before it:
// they come first, in the order the list used to give them (created_at, id), and every event
// written afterwards sorts after them. On the real PostgreSQL, migration by migration.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listShippedMigrations } from "@/lib/db/shipped-migrations";
import { postgresAvailable } from "../support/database";

const available = await postgresAvailable();
if (!available) console.warn("events-migration: PostgreSQL is unreachable, so the migration test is skipped");

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `tr_test_evmig_${process.pid}_${Date.now().toString(36)}`;
let client: pg.Client | undefined;

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  if (!available) return;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  if (available) await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

describe.runIf(available)("the events-by-transaction migration", () => {
  it("puts existing events first, in their created_at order, before every later one", async () => {
    const migrations = listShippedMigrations();
    const at = migrations.findIndex((m) => m.name.endsWith("_events_commit_order"));
    expect(at).toBeGreaterThan(0);
    for (const m of migrations.slice(0, at)) await client!.query(m.sql);
    // Written in one transaction, in an order unlike their times: the migration must order them by time.
    const times = [5, 1, 4, 1, 3];
    await client!.query(
      `INSERT INTO webhook_events (id, type, api_version, data, created_at)
       SELECT 'evt_old' || lpad(n::text, 20, '0'), 'ngo.created', '2026-11-25', '{}', timestamptz '2026-11-25T10:00:00Z' + t * interval '1 minute'
       FROM unnest($1::int[]) WITH ORDINALITY AS u(t, n)`,
      [times],
    );
    for (const m of migrations.slice(at)) await client!.query(m.sql);
    await client!.query(`INSERT INTO webhook_events (id, type, api_version, data, created_at) VALUES ('evt_new0000000000000000000', 'ngo.created', '2026-11-25', '{}', '2026-01-01')`);

    const { rows } = await client!.query<{ id: string; txid: string }>(`SELECT id, txid::text AS txid FROM webhook_events ORDER BY webhook_events.txid, id`);
    const old = (n: number) => `evt_old${String(n).padStart(20, "0")}`;
    expect(rows.map((r) => r.id)).toEqual([old(2), old(4), old(5), old(3), old(1), "evt_new0000000000000000000"]);
    expect(rows.slice(0, 5).every((r) => BigInt(r.txid) < 0n)).toBe(true);
    expect(BigInt(rows[5]!.txid) > 0n).toBe(true);
  });
});
