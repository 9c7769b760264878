// OpenTelemetry: with an OTLP endpoint configured, traces go there (here: a loopback receiver,
// OTLP over HTTP as JSON) with spans for the route, each database query and each webhook send;
// without one, no SDK is loaded and nothing is sent.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type StartedApp } from "../support/app";
import { startAppWithKeys, type CreatedKeys } from "../support/app-with-keys";
import { ROOT } from "../support/root";
import { startReceiver, type Receiver } from "../support/webhook-receiver";

const PROBE = path.join(ROOT, "tests/support/scripts/otel-probe.cjs");
// In every place a secret can travel: the webhook URL's path (receivers put tokens there), queries,
// cursors, client secrets, headers. No span may carry it.
const CANARY = `canary${randomBytes(8).toString("hex")}`;

type OtlpValue = { stringValue?: string; intValue?: string | number };
type OtlpSpan = { name: string; traceId: string; attributes?: { key: string; value: OtlpValue }[] };
type OtlpExport = { resourceSpans?: { scopeSpans?: { spans?: OtlpSpan[] }[] }[] };

let collector: Receiver;
let hooks: Receiver;
let app: StartedApp;
let keys: CreatedKeys<"operator">;

beforeAll(async () => {
  collector = await startReceiver("");
  hooks = await startReceiver(`/hooks/${CANARY}`);
  ({ app, keys } = await startAppWithKeys(
    { operator: { name: "Tracing desk", kind: "secret", tier: "operator" } },
    {
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        // Export each batch within 200 ms, not the default 5 s.
        OTEL_BSP_SCHEDULE_DELAY: "200",
        WEBHOOKS_ALLOW_PRIVATE_TARGETS: "1",
        NODE_OPTIONS: `--require ${PROBE}`,
      },
    },
  ));
});

afterAll(async () => {
  await app?.stop();
  await Promise.all([collector?.close(), hooks?.close()]);
});

function spans(): OtlpSpan[] {
  return collector.received
    .filter((r) => r.headers["content-type"]?.startsWith("application/json"))
    .flatMap((r) => (JSON.parse(r.body) as OtlpExport).resourceSpans ?? [])
    .flatMap((r) => r.scopeSpans ?? [])
    .flatMap((s) => s.spans ?? []);
}

const attribute = (span: OtlpSpan, key: string) => span.attributes?.find((a) => a.key === key)?.value;

async function operator(method: string, url: string, body?: unknown): Promise<Response> {
  return fetch(`${app.url}${url}`, {
    method,
    headers: { Authorization: `Bearer ${keys.operator.key}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

type ProbeAnswer = { tracerProvider: boolean; sdkModules: number };

/** What the probe says in each of the app's processes, on request. */
async function probe(target: StartedApp): Promise<ProbeAnswer[]> {
  const pids = [...target.logs().matchAll(/"otelProbeReady":(\d+)/g)].map((m) => Number(m[1]));
  expect(pids.length, "the probe is loaded").toBeGreaterThan(0);
  const before = target.logs().length;
  for (const pid of pids) process.kill(pid, "SIGUSR2");
  const answers = () => [...target.logs().slice(before).matchAll(/\{"otelProbe":(\{[^}]*\})\}/g)].map((m) => JSON.parse(m[1]!) as ProbeAnswer);
  await expect.poll(() => answers().length).toBe(pids.length);
  return answers();
}

describe("with an OTLP endpoint", () => {
  it("exports spans for the route, its database queries and each webhook send", async () => {
    const listed = await fetch(`${app.url}/api/registry/ngos?limit=1`);
    expect(listed.status).toBe(200);
    const canaried = [
      fetch(`${app.url}/api/registry/ngos?limit=1&cursor=${CANARY}`, { headers: { Cookie: `s=${CANARY}`, "X-Api-Key": CANARY } }),
      fetch(`${app.url}/api/v1/embed/donation/intent/di_${CANARY}?client_secret=${CANARY}`),
      fetch(`${app.url}/?q=${CANARY}`),
      fetch(`${app.url}/ngos/${CANARY}`),
    ];
    for (const response of await Promise.all(canaried)) await response.arrayBuffer();
    await expect.poll(() => spans().some((s) => /\/api\/registry\/ngos/.test(s.name)), { timeout: 15_000 }).toBe(true);
    const route = spans().find((s) => /\/api\/registry\/ngos/.test(s.name))!;
    // The route's database queries are in its trace.
    expect(spans().some((s) => s.traceId === route.traceId && /^db SELECT/.test(s.name))).toBe(true);

    const endpoint = await operator("POST", "/api/v1/webhook-endpoints", { url: hooks.url, description: "traced" });
    expect(endpoint.status).toBe(201);
    const created = await operator("POST", "/api/v1/ngos", { name: `Traced ${Date.now()}`, sector: "education", country: "GH" });
    expect(created.status).toBe(201);
    await hooks.waitFor((received) => received.length > 0);
    await expect.poll(() => spans().some((s) => s.name === "webhook send"), { timeout: 15_000 }).toBe(true);
    const send = spans().find((s) => s.name === "webhook send")!;
    expect(attribute(send, "server.address")?.stringValue).toBe("127.0.0.1");
    expect(Number(attribute(send, "http.response.status_code")?.intValue)).toBe(200);
    // Spans carry the operation, never the SQL text, its values, or the key.
    const exported = collector.received.map((r) => r.body).join("\n");
    expect(exported).not.toContain(keys.operator.key);
    expect(exported).not.toContain(CANARY);
    expect(exported).not.toMatch(/SELECT .* FROM/i);
  });
});

describe("without an OTLP endpoint", () => {
  it("loads no SDK and registers no tracer", async () => {
    expect((await probe(app)).some((answer) => answer.tracerProvider)).toBe(true);
    const plain = await startApp({ env: { NODE_OPTIONS: `--require ${PROBE}` } });
    try {
      expect((await fetch(`${plain.url}/api/registry/ngos?limit=1`)).status).toBe(200);
      for (const answer of await probe(plain)) expect(answer).toEqual({ tracerProvider: false, sdkModules: 0 });
    } finally {
      await plain.stop();
    }
  });
});
