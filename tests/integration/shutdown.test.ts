// SIGTERM loses no webhook: the server and the worker stop claiming, let a delivery in flight
// finish within SHUTDOWN_GRACE_MS, and hand back one that is still waiting for its receiver, due
// at once, so that another dispatcher delivers it exactly once, promptly — not after the lease,
// which these tests make long (WEBHOOKS_TIMEOUT_MS=30 s: a lease of 65 s).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp } from "../support/app";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../support/database";
import { startReceiver, type Receiver } from "../support/webhook-receiver";
import { startWorker, type StartedWorker } from "../support/worker";

const available = await postgresAvailable();
let database: TestDatabase;
let client: pg.Client;
const receivers: Receiver[] = [];
const workers: StartedWorker[] = [];

const DISPATCH = { WEBHOOKS_ALLOW_PRIVATE_TARGETS: "1", WEBHOOKS_TIMEOUT_MS: "30000", WEBHOOKS_POLL_MS: "100", SHUTDOWN_GRACE_MS: "1000" };
/** Much less than the 65 s lease: the delivery was handed back, not abandoned. */
const PROMPTLY_MS = 10_000;

beforeAll(async () => {
  if (!available) return;
  database = await createTestDatabase({ seed: false });
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await Promise.all(receivers.map((r) => r.close()));
  await client?.end();
  await database?.drop();
});

/** A receiver that answers its first request after `firstDelayMs` and every later one at once. */
async function receiver(firstDelayMs: number): Promise<Receiver> {
  const started = await startReceiver();
  started.answer = (_webhook, index) => ({ status: 200, delayMs: index === 0 ? firstDelayMs : 0 });
  receivers.push(started);
  return started;
}

/** An endpoint for the receiver and one event for it, straight in the outbox tables. */
async function queueOne(target: Receiver): Promise<string> {
  const suffix = Math.random().toString(36).slice(2, 12).padEnd(10, "0");
  const endpoint = `whep_${suffix}0000000000`;
  const event = `evt_${suffix}000000000000000000`.slice(0, 30);
  await client.query(`INSERT INTO webhook_endpoints (id, url, secret) VALUES ($1, $2, $3)`, [endpoint, target.url, `whsec_${Buffer.alloc(32, 7).toString("base64")}`]);
  await client.query(`INSERT INTO webhook_events (id, type, api_version, data) VALUES ($1, 'ngo.created', '2026-11-25', '{}')`, [event]);
  await client.query(`INSERT INTO webhook_deliveries (event_id, endpoint_id) VALUES ($1, $2)`, [event, endpoint]);
  return event;
}

async function deliveryOf(event: string) {
  const { rows } = await client.query<{ status: string; attempts: number; lease_token: string | null; due: boolean }>(
    `SELECT status, attempts, lease_token, next_attempt_at <= now() AS due FROM webhook_deliveries WHERE event_id = $1`,
    [event],
  );
  const attempts = await client.query<{ attempt: number; status_code: number | null }>(
    `SELECT attempt, status_code FROM webhook_delivery_attempts WHERE event_id = $1 ORDER BY attempt`,
    [event],
  );
  return { ...rows[0]!, log: attempts.rows };
}

/** Waits for the delivery to be recorded as delivered (the receiver sees it a moment before). */
async function delivered(event: string, timeoutMs: number): Promise<Awaited<ReturnType<typeof deliveryOf>>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await deliveryOf(event);
    if (state.status === "delivered" || Date.now() > deadline) return state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A second dispatcher delivers the handed-back event at once, and the receiver has answered 2xx once. */
async function expectDeliveredOnceByAnother(target: Receiver, event: string): Promise<void> {
  const handedBack = await deliveryOf(event);
  expect(handedBack).toMatchObject({ status: "pending", attempts: 0, lease_token: null, due: true, log: [] });
  const started = Date.now();
  const other = await startWorker({ DATABASE_URL: database.url, ...DISPATCH });
  workers.push(other);
  await target.waitFor((received) => received.length >= 2, PROMPTLY_MS);
  expect(await delivered(event, PROMPTLY_MS)).toMatchObject({ status: "delivered", attempts: 1, log: [{ attempt: 1, status_code: 200 }] });
  expect(Date.now() - started).toBeLessThan(PROMPTLY_MS);
  // The same message twice (the receiver dedupes by webhook-id), answered once.
  expect(target.received.map((w) => w.headers["webhook-id"])).toEqual([event, event]);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(target.received).toHaveLength(2);
  expect(await other.stop()).toBe(0);
}

describe.skipIf(!available)("SIGTERM during a webhook delivery", { timeout: 120_000 }, () => {
  it("the worker hands back a delivery still waiting for its receiver, and another dispatcher delivers it at once", async () => {
    const target = await receiver(60_000);
    const event = await queueOne(target);
    const worker = await startWorker({ DATABASE_URL: database.url, ...DISPATCH });
    workers.push(worker);
    await target.waitFor((received) => received.length === 1, 30_000);
    const signalled = Date.now();
    expect(await worker.stop()).toBe(0);
    // The grace (1 s), the hand-back, and closing: well inside Docker's 10 s stop timeout.
    expect(Date.now() - signalled).toBeLessThan(5_000);
    await expectDeliveredOnceByAnother(target, event);
  });

  it("the server finishes a delivery whose answer comes within the grace, before it exits", async () => {
    const target = await receiver(500);
    const app = await startApp({ env: { DATABASE_URL: database.url, ...DISPATCH, SHUTDOWN_GRACE_MS: "5000" } });
    const event = await queueOne(target);
    await target.waitFor((received) => received.length === 1, 30_000);
    await app.stop();
    expect(app.logs()).toContain("server stopped");
    expect(await deliveryOf(event)).toMatchObject({ status: "delivered", attempts: 1, lease_token: null, log: [{ attempt: 1, status_code: 200 }] });
    expect(target.received).toHaveLength(1);
  });

  it("the server hands back a delivery still waiting for its receiver when the grace runs out", async () => {
    const target = await receiver(60_000);
    const app = await startApp({ env: { DATABASE_URL: database.url, ...DISPATCH } });
    const event = await queueOne(target);
    await target.waitFor((received) => received.length === 1, 30_000);
    const signalled = Date.now();
    // SIGTERM, and SIGKILL only after 5 s: the server must be gone before that by itself.
    await app.stop();
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(app.logs()).toContain("server stopped");
    await expectDeliveredOnceByAnother(target, event);
  });

  it("an idle worker polls for long without piling up listeners on its stop signal", async () => {
    // 100 ms polls for 2.5 s: well past the 10 listeners at which Node warns of a leak.
    const worker = await startWorker({ DATABASE_URL: database.url, ...DISPATCH });
    workers.push(worker);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await worker.stop()).toBe(0);
    expect(worker.logs()).not.toContain("MaxListenersExceededWarning");
    expect(worker.logs()).toContain("webhook worker stopped");
  });
});
