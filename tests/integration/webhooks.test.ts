// Webhooks end to end: a real receiver on loopback, the app's own prompt kick and retry timer as
// the only dispatcher (WEBHOOKS_POLL_MS=0), every signature checked with the standardwebhooks
// library as a black box.
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StartedApp } from "../support/app";
import { startAppWithKeys, type CreatedKeys } from "../support/app-with-keys";
import { startReceiver, type Receiver, type ReceivedWebhook } from "../support/webhook-receiver";

const CRON_SECRET = "test-cron-secret-0123456789";
let app: StartedApp;
let keys: CreatedKeys<"operator">;
const receivers: Receiver[] = [];

beforeAll(async () => {
  ({ app, keys } = await startAppWithKeys(
    { operator: { name: "Webhook desk", kind: "secret", tier: "operator" } },
    {
      env: {
        WEBHOOKS_ALLOW_PRIVATE_TARGETS: "1",
        WEBHOOKS_RETRY_SCHEDULE: "0.3,0.3,0.3,0.3",
        WEBHOOKS_POLL_MS: "0",
        WEBHOOKS_TIMEOUT_MS: "2000",
        CRON_SECRET,
      },
    },
  ));
});

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await app?.stop();
});

type Json = Record<string, unknown> & { data?: unknown; secret?: string; detail?: string; errors?: { name: string }[] };

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${keys.operator.key}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json };
}

type Endpoint = { id: string; enabled: boolean; disabled_reason: string | null };

async function endpointFor(receiver: Receiver, eventTypes?: string[]): Promise<{ endpoint: Endpoint; secret: string }> {
  const { status, body } = await call("POST", "/api/v1/webhook-endpoints", { url: receiver.url, description: "test", event_types: eventTypes });
  expect(status).toBe(201);
  return { endpoint: body.data as Endpoint, secret: body.secret! };
}

async function newReceiver(): Promise<Receiver> {
  const receiver = await startReceiver();
  receivers.push(receiver);
  return receiver;
}

let counter = 0;
async function createNgo(): Promise<string> {
  const { status, body } = await call("POST", "/api/v1/ngos", { name: `Hook Test ${++counter} ${Date.now()}`, sector: "education", country: "GH" });
  expect(status).toBe(201);
  return (body.data as { slug: string }).slug;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the service has disabled the endpoint (it records an attempt's outcome after the receiver saw it). */
async function disabled(id: string): Promise<Endpoint> {
  let shown: Endpoint | undefined;
  for (let i = 0; i < 50 && shown?.enabled !== false; i++) {
    await sleep(100);
    shown = (await call("GET", `/api/v1/webhook-endpoints/${id}`)).body.data as Endpoint;
  }
  return shown!;
}

const payloadOf = (w: ReceivedWebhook) => JSON.parse(w.body) as { id: string; type: string; created_at: string; api_version: string; data: Record<string, unknown> };
const aboutSlug = (slug: string) => (w: ReceivedWebhook) => w.body.includes(`"slug":"${slug}"`);

describe("webhook endpoints", () => {
  it("show the whsec_ secret once and never again", async () => {
    const receiver = await newReceiver();
    const { endpoint, secret } = await endpointFor(receiver);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const shown = await call("GET", `/api/v1/webhook-endpoints/${endpoint.id}`);
    const listed = await call("GET", "/api/v1/webhook-endpoints");
    expect(JSON.stringify([shown, listed])).not.toContain(secret.slice(6));
    expect(shown.body.data).toMatchObject({ id: endpoint.id, enabled: true, event_types: [] });
    expect((await call("POST", "/api/v1/webhook-endpoints", { url: "ftp://example.org/x" })).body.errors?.[0]?.name).toBe("url");
    expect((await call("DELETE", `/api/v1/webhook-endpoints/${endpoint.id}`)).status).toBe(204);
    expect((await call("GET", `/api/v1/webhook-endpoints/${endpoint.id}`)).status).toBe(404);
  });
});

describe("delivery", () => {
  it("sends every event type, each verifiable with standardwebhooks, promptly after the commit", async () => {
    const receiver = await newReceiver();
    const { endpoint, secret } = await endpointFor(receiver);
    const started = Date.now();
    const slug = await createNgo();
    await receiver.waitFor((r) => r.some(aboutSlug(slug)));
    const firstLatency = Date.now() - started;
    await call("PATCH", `/api/v1/ngos/${slug}`, { city: "Accra" });
    await call("PATCH", `/api/v1/ngos/${slug}`, {
      trust_components: [{ component: "verification", score: 70, weight: 10000, evidence_date: "2026-01-01", source: "registry" }],
    });
    await call("POST", `/api/v1/ngos/${slug}/transitions`, { to: "pending_review" });
    const key = await call("POST", "/api/v1/keys", { name: "Hooked key", kind: "secret" });
    await call("DELETE", `/api/v1/keys/${(key.body.data as { id: string }).id}`);
    const types = ["ngo.created", "ngo.updated", "ngo.trust_score_changed", "ngo.state_changed", "api_key.created", "api_key.revoked"];
    await receiver.waitFor((r) => types.every((t) => r.some((w) => payloadOf(w).type === t)));
    expect(firstLatency).toBeLessThan(5_000);

    const verifier = new Webhook(secret);
    for (const webhook of receiver.received) {
      const payload = payloadOf(webhook);
      expect(verifier.verify(webhook.body, webhook.headers)).toEqual(payload);
      expect(webhook.headers["webhook-id"]).toBe(payload.id);
      expect(payload.id).toMatch(/^evt_/);
      expect(payload.api_version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Object.keys(payload)).toEqual(["id", "type", "created_at", "api_version", "data"]);
    }
    const byType = (t: string) => receiver.received.map(payloadOf).find((p) => p.type === t)!;
    expect(byType("ngo.updated").data).toMatchObject({ ngo: { slug }, changed: ["city"] });
    expect(byType("ngo.trust_score_changed").data).toMatchObject({ old: 0, new: 70, methodology_version: expect.any(String) });
    expect(byType("ngo.state_changed").data).toMatchObject({ from: "draft", to: "pending_review", actor: `Webhook desk (${keys.operator.id})` });
    const tampered = receiver.received[0]!;
    expect(() => verifier.verify(tampered.body.replace("ngo", "NGO"), tampered.headers)).toThrow();

    const events = await call("GET", "/api/v1/events?type=ngo.state_changed&limit=100");
    expect((events.body.data as { id: string }[]).map((e) => e.id)).toContain(byType("ngo.state_changed").id);
    await call("PATCH", `/api/v1/webhook-endpoints/${endpoint.id}`, { enabled: false });
  });

  it("retries a failing receiver with backoff: 3 failures then success is exactly 4 attempts with one webhook-id", async () => {
    const receiver = await newReceiver();
    receiver.answer = (_w, i) => (i < 3 ? { status: 500, body: "not yet" } : { status: 204 });
    const { endpoint } = await endpointFor(receiver, ["ngo.created"]);
    await createNgo();
    await receiver.waitFor((r) => r.length >= 4);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(receiver.received).toHaveLength(4);
    expect(new Set(receiver.received.map((w) => w.headers["webhook-id"])).size).toBe(1);
    const gaps = receiver.received.slice(1).map((w, i) => w.at - receiver.received[i]!.at);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(250);

    const log = await call("GET", `/api/v1/webhook-endpoints/${endpoint.id}/deliveries`);
    const [delivery] = log.body.data as { status: string; attempts: number; log: { status_code: number; latency_ms: number; response_snippet: string | null }[] }[];
    expect(delivery).toMatchObject({ status: "delivered", attempts: 4 });
    expect(delivery!.log.map((a) => a.status_code)).toEqual([500, 500, 500, 204]);
    expect(delivery!.log[0]!.response_snippet).toBe("not yet");
    const perEvent = await call("GET", `/api/v1/events/${receiver.received[0]!.headers["webhook-id"]}/deliveries`);
    expect((perEvent.body.data as { endpoint_id: string }[]).map((d) => d.endpoint_id)).toContain(endpoint.id);
    await call("PATCH", `/api/v1/webhook-endpoints/${endpoint.id}`, { enabled: false });
  });

  it("honours Retry-After", async () => {
    const receiver = await newReceiver();
    receiver.answer = (_w, i) => (i === 0 ? { status: 503, headers: { "Retry-After": "2" } } : { status: 200 });
    const { endpoint } = await endpointFor(receiver, ["ngo.created"]);
    await createNgo();
    const [first, second] = await receiver.waitFor((r) => r.length >= 2);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(1_900);
    await call("PATCH", `/api/v1/webhook-endpoints/${endpoint.id}`, { enabled: false });
  });

  it("disables an endpoint that answers 410 Gone, and says why", async () => {
    const receiver = await newReceiver();
    receiver.answer = () => ({ status: 410 });
    const { endpoint } = await endpointFor(receiver, ["ngo.created"]);
    await createNgo();
    await receiver.waitFor((r) => r.length >= 1);
    const shown = await disabled(endpoint.id);
    expect(shown).toMatchObject({ enabled: false, disabled_reason: expect.stringContaining("410") });
    await createNgo();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.received).toHaveLength(1);
  });

  it("queues events while an endpoint is disabled, and delivers exactly those, signed, once it is enabled again", async () => {
    const receiver = await newReceiver();
    let gone = true;
    receiver.answer = () => (gone ? { status: 410 } : { status: 200 });
    const { endpoint, secret } = await endpointFor(receiver, ["ngo.created"]);
    await createNgo();
    await receiver.waitFor((r) => r.length >= 1);
    await disabled(endpoint.id);
    const slugs = [await createNgo(), await createNgo(), await createNgo()];
    await sleep(1_000);
    expect(receiver.received).toHaveLength(1);

    gone = false;
    const enabled = await call("PATCH", `/api/v1/webhook-endpoints/${endpoint.id}`, { enabled: true });
    expect(enabled).toMatchObject({ status: 200, body: { data: { enabled: true, disabled_reason: null }, pending_deliveries: 3 } });
    await receiver.waitFor((r) => r.length >= 4);
    await sleep(1_000);
    const queued = receiver.received.slice(1);
    expect(queued).toHaveLength(3);
    const verifier = new Webhook(secret);
    const payloads = queued.map((w) => verifier.verify(w.body, w.headers) as ReturnType<typeof payloadOf>);
    expect(new Set(payloads.map((p) => p.id)).size).toBe(3);
    expect(payloads.map((p) => (p.data.ngo as { slug: string }).slug).sort()).toEqual([...slugs].sort());
    await call("PATCH", `/api/v1/webhook-endpoints/${endpoint.id}`, { enabled: false });
  });

  it("keeps a healthy endpoint prompt while another one never answers within the timeout", async () => {
    const slow = await newReceiver();
    // Longer than WEBHOOKS_TIMEOUT_MS (2 s): every attempt to it times out.
    slow.answer = () => ({ status: 200, delayMs: 4_000 });
    const healthy = await newReceiver();
    const { endpoint: slowEndpoint } = await endpointFor(slow, ["ngo.created"]);
    const { endpoint: healthyEndpoint } = await endpointFor(healthy, ["ngo.created"]);
    const lags: number[] = [];
    for (let i = 0; i < 5; i++) {
      const slug = await createNgo();
      const answered = Date.now();
      const arrived = (await healthy.waitFor((r) => r.some(aboutSlug(slug)), 10_000)).find(aboutSlug(slug))!;
      lags.push(arrived.at - answered);
      await sleep(150);
    }
    expect(slow.received.length).toBeGreaterThan(0);
    // Well below the slow endpoint's 2 s timeout: its attempts hold up nothing of the healthy one's.
    expect(Math.max(...lags)).toBeLessThan(1_000);
    await call("PATCH", `/api/v1/webhook-endpoints/${slowEndpoint.id}`, { enabled: false });
    await call("PATCH", `/api/v1/webhook-endpoints/${healthyEndpoint.id}`, { enabled: false });
  });

  it("redelivers one event, and everything since a time", async () => {
    const receiver = await newReceiver();
    const { endpoint } = await endpointFor(receiver, ["ngo.created"]);
    const since = new Date().toISOString();
    await createNgo();
    await createNgo();
    await receiver.waitFor((r) => r.length >= 2);
    const eventId = receiver.received[0]!.headers["webhook-id"];
    const one = await call("POST", `/api/v1/webhook-endpoints/${endpoint.id}/redeliver`, { event_id: eventId });
    expect(one).toMatchObject({ status: 202, body: { queued: 1 } });
    await receiver.waitFor((r) => r.length >= 3);
    expect(receiver.received[2]!.headers["webhook-id"]).toBe(eventId);
    const all = await call("POST", `/api/v1/webhook-endpoints/${endpoint.id}/redeliver`, { since });
    expect(all.body.queued).toBe(2);
    await receiver.waitFor((r) => r.length >= 5);
    const bad = await call("POST", `/api/v1/webhook-endpoints/${endpoint.id}/redeliver`, {});
    expect(bad.status).toBe(400);
    await call("PATCH", `/api/v1/webhook-endpoints/${endpoint.id}`, { enabled: false });
  });

  it("signs with both secrets during a rotation's overlap", async () => {
    const receiver = await newReceiver();
    const { endpoint, secret: oldSecret } = await endpointFor(receiver, ["ngo.created"]);
    const rotated = await call("POST", `/api/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, { overlap_hours: 1 });
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.secret!;
    expect(newSecret).not.toBe(oldSecret);
    expect(rotated.body.data).toMatchObject({ previous_secret_expires_at: expect.any(String) });
    await createNgo();
    const [webhook] = await receiver.waitFor((r) => r.length >= 1);
    expect(webhook!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(() => new Webhook(oldSecret).verify(webhook!.body, webhook!.headers)).not.toThrow();
    expect(() => new Webhook(newSecret).verify(webhook!.body, webhook!.headers)).not.toThrow();
    await call("PATCH", `/api/v1/webhook-endpoints/${endpoint.id}`, { enabled: false });
  });
});

describe("the cron route", () => {
  it("answers only CRON_SECRET", async () => {
    const url = `${app.url}/api/cron/webhooks`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { Authorization: "Bearer wrong-secret-0123456789" } })).status).toBe(401);
    const ok = await fetch(url, { headers: { Authorization: `Bearer ${CRON_SECRET}` } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ attempted: expect.any(Number), delivered: expect.any(Number) });
  });
});

describe("the events list", () => {
  type Page = { data: { id: string; type: string }[]; page: { next_cursor: string | null; limit: number } };
  const events = async (query: string) => {
    const { status, body } = await call("GET", `/api/v1/events?${query}`);
    expect(status).toBe(200);
    return body as unknown as Page;
  };

  it("pages with a cursor, filters by type and time, and says where to poll from next", async () => {
    const since = encodeURIComponent(new Date().toISOString());
    for (let i = 0; i < 3; i++) await createNgo();
    const first = await events(`type=ngo.created&since=${since}&limit=2`);
    expect(first.data).toHaveLength(2);
    expect(first.page).toEqual({ next_cursor: expect.any(String), limit: 2 });
    const second = await events(`type=ngo.created&since=${since}&limit=2&cursor=${first.page.next_cursor}`);
    expect(second.data).toHaveLength(1);
    expect(second.data.map((e) => e.type)).toEqual(["ngo.created"]);
    // Caught up: the cursor stays, and polling with it later gives exactly what came since.
    expect(second.page.next_cursor).toEqual(expect.any(String));
    const idle = await events(`type=ngo.created&since=${since}&limit=2&cursor=${second.page.next_cursor}`);
    expect(idle).toEqual({ data: [], page: { next_cursor: second.page.next_cursor, limit: 2 }, meta: { retention_days: 30, retained_since: expect.any(String) } });
    const slug = await createNgo();
    const later = await events(`type=ngo.created&since=${since}&limit=2&cursor=${idle.page.next_cursor}`);
    expect(later.data).toHaveLength(1);
    expect(JSON.stringify(later.data)).toContain(`"slug":"${slug}"`);

    expect((await call("GET", "/api/v1/events?type=ngo.exploded")).body.errors?.[0]?.name).toBe("type");
    expect((await call("GET", `/api/v1/events?since=${since}&cursor=${first.page.next_cursor}`)).status).toBe(400);
  });

  it("answers 404 for the deliveries of an event that does not exist, an empty list for one that went nowhere", async () => {
    const missing = await call("GET", "/api/v1/events/evt_00000000000000000000000000/deliveries");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 404, type: "/problems/not-found", detail: expect.stringContaining("evt_00000000000000000000000000") });
    expect((await call("GET", "/api/v1/events/not-an-event/deliveries")).status).toBe(404);

    // With no endpoint at all, a new entry's event is queued for none (a disabled endpoint's
    // events are queued for it, so the endpoints are removed, not disabled).
    const endpoints = (await call("GET", "/api/v1/webhook-endpoints")).body.data as Endpoint[];
    for (const e of endpoints) await call("DELETE", `/api/v1/webhook-endpoints/${e.id}`);
    const since = encodeURIComponent(new Date().toISOString());
    await createNgo();
    const [event] = (await events(`type=ngo.created&since=${since}`)).data;
    const quiet = await call("GET", `/api/v1/events/${event!.id}/deliveries`);
    expect(quiet.status).toBe(200);
    expect(quiet.body).toEqual({ data: [], page: { next_cursor: null, limit: 20 } });
  });

  it("answers every admin list in one shape: { data, page: { next_cursor, limit } }, the events list with its reach in meta", async () => {
    const { endpoint } = await endpointFor(await newReceiver(), ["api_key.revoked"]);
    for (const path of [
      "/api/v1/events?limit=3",
      "/api/v1/webhook-endpoints",
      `/api/v1/webhook-endpoints/${endpoint.id}/deliveries`,
      "/api/v1/keys",
      "/api/v1/donation-intents",
    ]) {
      const { status, body } = await call("GET", path);
      const keys = path.startsWith("/api/v1/events") ? ["data", "meta", "page"] : ["data", "page"];
      expect({ path, status, keys: Object.keys(body).sort() }).toEqual({ path, status: 200, keys });
      expect(body.page).toEqual({ next_cursor: expect.toSatisfy((c) => c === null || typeof c === "string"), limit: expect.any(Number) });
      expect(Array.isArray(body.data)).toBe(true);
    }
  });
});
