// Several dispatchers on one PostgreSQL database: `npm run worker` processes side by side deliver
// each (event, endpoint) exactly once, a worker killed mid-batch loses nothing, SIGTERM is
// graceful, and a receiver that was down gets everything once it is back.
import { spawn, type ChildProcess } from "node:child_process";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv } from "../support/child-env";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../support/database";
import { ROOT } from "../support/root";
import { startReceiver, type Receiver } from "../support/webhook-receiver";

const available = await postgresAvailable();
let database: TestDatabase;
let client: pg.Client;
const workers: ChildProcess[] = [];
const receivers: Receiver[] = [];

beforeAll(async () => {
  if (!available) return;
  database = await createTestDatabase({ seed: false });
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});

afterAll(async () => {
  for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill("SIGKILL");
  await Promise.all(receivers.map((r) => r.close()));
  await client?.end();
  await database?.drop();
});

function startWorker(schedule = "0.5,1,1,2,2,2", extra: Record<string, string> = {}): ChildProcess & { output: () => string } {
  // Node itself with tsx as a loader, not the tsx CLI: the CLI runs the script in a child process,
  // which a SIGKILL of the CLI would leave running.
  const worker = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    cwd: ROOT,
    env: childEnv("development", {
      ...database.env,
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: "1",
      WEBHOOKS_TIMEOUT_MS: "1000",
      WEBHOOKS_POLL_MS: "100",
      WEBHOOKS_BATCH_SIZE: "20",
      WEBHOOKS_RETRY_SCHEDULE: schedule,
      ...extra,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  worker.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  worker.stderr?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  workers.push(worker);
  return Object.assign(worker, { output: () => output });
}

function exited(worker: ChildProcess): Promise<number | null> {
  if (worker.exitCode !== null || worker.signalCode !== null) return Promise.resolve(worker.exitCode);
  return new Promise((resolve) => worker.once("exit", (code) => resolve(code)));
}

/** An endpoint for the receiver and `count` events queued for it, straight in the outbox tables. */
async function queue(receiver: Receiver, count: number): Promise<void> {
  const id = `whep_${Math.random().toString(36).slice(2).padEnd(20, "0").slice(0, 20)}`;
  await client.query(`INSERT INTO webhook_endpoints (id, url, secret) VALUES ($1, $2, $3)`, [id, receiver.url, `whsec_${Buffer.alloc(32, 7).toString("base64")}`]);
  await client.query(
    `WITH e AS (
       INSERT INTO webhook_events (id, type, api_version, data)
       SELECT 'evt_' || lpad(n::text, 10, '0') || substr(md5($2 || n::text), 1, 16), 'ngo.created', '2026-11-25', jsonb_build_object('n', n)
       FROM generate_series(1, $1::int) AS n RETURNING id)
     INSERT INTO webhook_deliveries (event_id, endpoint_id) SELECT e.id, $2 FROM e`,
    [count, id],
  );
}

/** The deliveries by status once all `n` are delivered (a receiver sees a request before its answer is recorded). */
async function allDelivered(n: number): Promise<{ status: string; n: number }[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows } = await client.query(`SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status ORDER BY status`);
    if (rows.length === 1 && rows[0].n === n) return rows;
    if (Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function counts(receiver: Receiver): Map<string, number> {
  const byId = new Map<string, number>();
  for (const w of receiver.received) byId.set(w.headers["webhook-id"]!, (byId.get(w.headers["webhook-id"]!) ?? 0) + 1);
  return byId;
}

describe.skipIf(!available)("webhook workers on PostgreSQL", { timeout: 120_000 }, () => {
  it("two workers at once deliver each of 1,000 events exactly once, and stop gracefully on SIGTERM", async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    await queue(receiver, 1000);
    const [a, b] = [startWorker(), startWorker()];
    await receiver.waitFor(() => counts(receiver).size >= 1000, 90_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const byId = counts(receiver);
    expect(byId.size).toBe(1000);
    expect([...byId.values()].every((n) => n === 1)).toBe(true);
    expect(receiver.received).toHaveLength(1000);
    expect(await allDelivered(1000)).toEqual([{ status: "delivered", n: 1000 }]);

    a.kill("SIGTERM");
    b.kill("SIGTERM");
    expect(await Promise.all([exited(a), exited(b)])).toEqual([0, 0]);
    expect(a.output()).toContain("webhook worker stopped");
  });

  it("loses nothing when a worker is killed with SIGKILL mid-batch", async () => {
    await client.query(`DELETE FROM webhook_endpoints`);
    const receiver = await startReceiver();
    receivers.push(receiver);
    receiver.answer = () => ({ status: 200, delayMs: 20 });
    await queue(receiver, 300);
    const first = startWorker();
    await receiver.waitFor((r) => r.length >= 50, 60_000);
    first.kill("SIGKILL");
    await exited(first);
    const { rows: held } = await client.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE lease_token IS NOT NULL`);
    const second = startWorker();
    await receiver.waitFor(() => counts(receiver).size >= 300, 60_000);
    expect(await allDelivered(300)).toEqual([{ status: "delivered", n: 300 }]);
    // The killed worker held a batch: its deliveries waited out their lease and went again.
    expect(held[0].n).toBeGreaterThan(0);
    second.kill("SIGTERM");
    expect(await exited(second)).toBe(0);
  });

  it("delivers everything to a receiver that was down for a while, once it is back", async () => {
    await client.query(`DELETE FROM webhook_endpoints`);
    const receiver = await startReceiver();
    receivers.push(receiver);
    const downUntil = Date.now() + 2_500;
    receiver.answer = () => (Date.now() < downUntil ? { status: 503 } : { status: 200 });
    await queue(receiver, 100);
    const worker = startWorker();
    await receiver.waitFor((r) => new Set(r.filter((w) => w.at >= downUntil).map((w) => w.headers["webhook-id"])).size >= 100, 60_000);
    expect(await allDelivered(100)).toEqual([{ status: "delivered", n: 100 }]);
    worker.kill("SIGTERM");
    expect(await exited(worker)).toBe(0);
  });

  it("disables an endpoint that has failed continuously for longer than allowed, and says why", async () => {
    await client.query(`DELETE FROM webhook_endpoints`);
    const receiver = await startReceiver();
    receivers.push(receiver);
    receiver.answer = () => ({ status: 500 });
    await queue(receiver, 1);
    // 0.001 hours: 3.6 seconds of nothing but failures.
    const worker = startWorker(Array(30).fill("0.3").join(","), { WEBHOOKS_DISABLE_AFTER_HOURS: "0.001" });
    let endpoint: { enabled: boolean; disabled_reason: string | null } | undefined;
    for (let i = 0; i < 100 && endpoint?.enabled !== false; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      endpoint = (await client.query(`SELECT enabled, disabled_reason FROM webhook_endpoints`)).rows[0];
    }
    expect(endpoint).toEqual({ enabled: false, disabled_reason: expect.stringMatching(/^Every delivery has failed since .*, longer than the 4 seconds allowed\.$/) });
    const attempts = receiver.received.length;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.received.length).toBe(attempts);
    worker.kill("SIGTERM");
    expect(await exited(worker)).toBe(0);
  });
});
