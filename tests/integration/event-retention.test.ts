// The outbox's retention: events older than EVENTS_RETENTION_DAYS go, with their deliveries and
// delivery attempts, in batches, by `events prune` and by every dispatcher on its own; an event
// still being retried stays. On a fresh embedded database, or PostgreSQL with TEST_DATABASE=postgres.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "@/lib/config";
import { Prisma } from "@/lib/db";
import { openConnection } from "@/lib/db/connection";
import { startApp, type StartedApp } from "../support/app";
import { createKeys, type CreatedKeys } from "../support/app-with-keys";
import { TEST_SERVER_SECRET } from "../support/child-env";
import { createTestDatabase } from "../support/database";
import { freshEmbeddedDataDir } from "../support/embedded-template";
import { embeddedEnv, runCli } from "../support/run-cli";

const onPostgres = process.env.TEST_DATABASE === "postgres";
let env: Record<string, string>;
let release = async () => {};

beforeAll(async () => {
  if (onPostgres) {
    const database = await createTestDatabase({ seed: false });
    env = database.env;
    release = database.drop;
  } else {
    const dataDir = freshEmbeddedDataDir("tr-retention-");
    env = embeddedEnv(dataDir);
    release = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

afterAll(() => release());

/** Runs statements on the database directly (the embedded one only while no app holds it). */
async function sql(...statements: Prisma.Sql[]): Promise<Record<string, unknown>[][]> {
  const direct = env.DIRECT_DATABASE_URL ?? env.DATABASE_URL;
  const connection = await openConnection(readConfig({ ...process.env, ...env, DATABASE_URL: direct, DIRECT_DATABASE_URL: "", SERVER_SECRET: TEST_SERVER_SECRET }));
  try {
    const results = [];
    for (const statement of statements) results.push(await connection.query<Record<string, unknown>>(statement));
    return results;
  } finally {
    await connection.close();
  }
}

// Ids in the shapes the tables' checks require: evt_ and 20-40 letters or digits, whep_ and 20.
const E = Object.fromEntries(["delivered", "retrying", "disabled", "recent", "later"].map((name) => [name, `evt_ret${name}`.padEnd(26, "0")])) as Record<
  "delivered" | "retrying" | "disabled" | "recent" | "later",
  string
>;
const ENABLED = "whep_retenabled0000000000";
const DISABLED = "whep_retdisabled000000000";
const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
const event = (id: string, days: number) =>
  Prisma.sql`INSERT INTO webhook_events (id, type, api_version, data, created_at) VALUES (${id}, 'ngo.created', '2026-11-24', '{}'::jsonb, ${ago(days)})`;
const delivery = (eventId: string, endpointId: string, status: string) =>
  Prisma.sql`INSERT INTO webhook_deliveries (event_id, endpoint_id, status, attempts) VALUES (${eventId}, ${endpointId}, ${status}, 1)`;
const attempt = (eventId: string, endpointId: string) =>
  Prisma.sql`INSERT INTO webhook_delivery_attempts (id, event_id, endpoint_id, attempt, started_at, latency_ms, status_code)
             VALUES (${`att_${eventId}`}, ${eventId}, ${endpointId}, 1, now(), 12, 200)`;
const endpoint = (id: string, enabled: boolean) =>
  Prisma.sql`INSERT INTO webhook_endpoints (id, url, enabled, secret) VALUES (${id}, 'https://hooks.example.org/x', ${enabled}, 'whsec_test')`;
const ids = async () => (await sql(Prisma.sql`SELECT id FROM webhook_events WHERE id LIKE 'evt_ret%' ORDER BY id`))[0]!.map((r) => r.id);

describe(`event retention, on ${onPostgres ? "PostgreSQL" : "the embedded database"}`, { timeout: 120_000 }, () => {
  it("prunes old events with their deliveries and attempts in batches, and keeps one still being retried", async () => {
    await sql(
      endpoint(ENABLED, true),
      endpoint(DISABLED, false),
      // Delivered long ago: goes, with its delivery and its attempt.
      event(E.delivered, 40),
      delivery(E.delivered, ENABLED, "delivered"),
      attempt(E.delivered, ENABLED),
      // Still being retried to an enabled endpoint: stays until that ends.
      event(E.retrying, 40),
      delivery(E.retrying, ENABLED, "pending"),
      // Queued for a disabled endpoint: goes with the event.
      event(E.disabled, 40),
      delivery(E.disabled, DISABLED, "pending"),
      // 2,500 with no endpoint, just past the window: three batches of the CLI's.
      Prisma.sql`INSERT INTO webhook_events (id, type, api_version, data, created_at)
                 SELECT 'evt_retbulk' || lpad(i::text, 13, '0'), 'ngo.created', '2026-11-24', '{}'::jsonb, ${ago(31)}
                 FROM generate_series(1, 2500) AS i`,
      // Inside the window: stays.
      event(E.recent, 29),
      delivery(E.recent, ENABLED, "delivered"),
    );

    const pruned = await runCli(["events", "prune", "--json"], env);
    expect(pruned.code).toBe(0);
    const result = JSON.parse(pruned.stdout) as { deleted: number; cutoff: string };
    expect(result.deleted).toBeGreaterThanOrEqual(2_502);
    expect(Math.abs(Date.parse(result.cutoff) - ago(30).getTime())).toBeLessThan(120_000);

    expect(await ids()).toEqual([E.recent, E.retrying]);
    const [deliveries, attempts] = await sql(
      Prisma.sql`SELECT event_id FROM webhook_deliveries WHERE event_id LIKE 'evt_ret%' ORDER BY event_id`,
      Prisma.sql`SELECT count(*)::int AS n FROM webhook_delivery_attempts WHERE event_id LIKE 'evt_ret%'`,
    );
    expect(deliveries!.map((r) => r.event_id)).toEqual([E.recent, E.retrying]);
    expect(attempts![0]).toEqual({ n: 0 });

    const again = await runCli(["events", "prune"], env);
    expect(again).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Pruned 0 events created before \d{4}-/) });
  });

  it("is done by the running app's own dispatcher, and the events list says how far back it reaches", async () => {
    const keys: CreatedKeys<"operator"> = await createKeys({ operator: { name: "Retention operator", kind: "secret", tier: "operator" } }, env);
    await sql(event(E.later, 45));
    // With PostgreSQL the server dispatches only when it polls (or a request kicks it).
    const settings = { WEBHOOKS_POLL_MS: "500", EVENTS_RETENTION_DAYS: "30" };
    const app: StartedApp = await startApp(onPostgres ? { env: { ...env, ...settings } } : { dataDir: env.DATA_DIR, env: settings });
    try {
      const list = async () => {
        const response = await fetch(`${app.url}/api/v1/events?limit=100`, { headers: { Authorization: `Bearer ${keys.operator.key}` } });
        return (await response.json()) as { data: { id: string }[]; meta: { retention_days: number; retained_since: string } };
      };
      await expect.poll(async () => (await list()).data.some((e) => e.id === E.later), { timeout: 20_000, interval: 250 }).toBe(false);
      const { data, meta } = await list();
      expect(data.map((e) => e.id)).toEqual(expect.arrayContaining([E.retrying, E.recent]));
      expect(meta.retention_days).toBe(30);
      expect(Math.abs(Date.parse(meta.retained_since) - ago(30).getTime())).toBeLessThan(120_000);
    } finally {
      await app.stop();
    }
  });

  // Several processes prune at once (every dispatcher does): rows another holds are skipped, so
  // none waits for another, none fails, and together they delete each old event exactly once.
  it.runIf(onPostgres)("is shared by concurrent pruners without errors, each old event deleted once", async () => {
    await sql(Prisma.sql`INSERT INTO webhook_events (id, type, api_version, data, created_at)
                         SELECT 'evt_retrace' || lpad(i::text, 13, '0'), 'ngo.created', '2026-11-24', '{}'::jsonb, ${ago(31)}
                         FROM generate_series(1, 6000) AS i`);
    const runs = await Promise.all(Array.from({ length: 4 }, () => runCli(["events", "prune", "--json"], env)));
    for (const run of runs) expect(run, run.stderr).toMatchObject({ code: 0 });
    const deleted = runs.map((run) => (JSON.parse(run.stdout) as { deleted: number }).deleted);
    expect(deleted.reduce((a, b) => a + b, 0)).toBe(6_000);
    const [left] = await sql(Prisma.sql`SELECT count(*)::int AS n FROM webhook_events WHERE id LIKE 'evt_retrace%'`);
    expect(left![0]).toEqual({ n: 0 });
  });
});
