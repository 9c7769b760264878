// GET /api/health and /api/health/live over HTTP against the started app
// (docs/deploying.md#5-health-probes).
import fs from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthSchema, type Health, type HealthStatus } from "@/lib/health/types";
import { startApp, type StartedApp } from "../support/app";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../support/database";
import { fetchJson } from "../support/fetch-json";
import { startTcpForwarder, type TcpForwarder } from "../support/tcp-forwarder";

const { version } = JSON.parse(fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  version: string;
};
const hasPostgres = await postgresAvailable();
const databases = hasPostgres ? (["pglite", "postgres"] as const) : (["pglite"] as const);

const probe = (app: StartedApp) => fetchJson<Required<Health>>(`${app.url}/api/health`);
const live = (app: StartedApp) => fetchJson<Health>(`${app.url}/api/health/live`);

/** Probes until the status is one of `wanted` (or time runs out) and returns the last answer. */
async function probeUntil(app: StartedApp, wanted: HealthStatus[], timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let result = await probe(app);
  while (!wanted.includes(result.body.status) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    result = await probe(app);
  }
  return result;
}

describe.each(databases)("GET /api/health on %s", (database) => {
  let app: StartedApp;
  // `next start` with a configured database is production, where sandbox payments are a warning.
  const expected: HealthStatus = database === "postgres" ? "warn" : "pass";

  beforeAll(async () => {
    app = await startApp({ database });
    // The embedded database is created, migrated and seeded on first use, which takes longer than
    // a probe waits: these tests are about the steady state after that.
    await probeUntil(app, [expected]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it(`reports ${expected} with the package version and checks of the four areas`, async () => {
    const { response, body, elapsedMs } = await probe(app);
    expect(response.status).toBe(200);
    expect(elapsedMs).toBeLessThan(3_000);
    expect(body).toMatchObject({ status: expected, version, releaseId: expect.any(String) });
    expect(healthSchema.safeParse(body).success).toBe(true);
    expect(Object.keys(body.checks).sort()).toEqual([
      "data:kind",
      "database:migrations",
      "database:responseTime",
      "payments:provider",
      "payments:sandbox",
      "rateLimit:store",
      "webhooks:deliveries",
    ]);
    const [responseTime] = body.checks["database:responseTime"]!;
    expect(responseTime).toMatchObject({ componentType: "datastore", status: "pass", observedUnit: "ms" });
    expect(responseTime!.observedValue).toEqual(expect.any(Number));
    expect(Date.parse(responseTime!.time)).not.toBeNaN();
    const [migrations] = body.checks["database:migrations"]!;
    expect(migrations).toMatchObject({ status: "pass" });
    const { applied, shipped } = migrations!.observedValue as { applied: number; shipped: number };
    expect(shipped).toBeGreaterThan(0);
    expect(applied).toBe(shipped);
    expect(body.checks["payments:provider"]![0]).toMatchObject({ status: "pass", componentId: "sandbox" });
    expect(body.checks["payments:sandbox"]![0]).toMatchObject({ status: expected, observedValue: true });
    expect(body.checks["rateLimit:store"]![0]).toMatchObject({ status: "pass", componentId: "memory" });
    expect(body.checks["webhooks:deliveries"]![0]).toMatchObject({ status: "pass", observedValue: { overdueDeliveries: 0, overdueSettlements: 0 } });
  });

  it("answers application/health+json that is never cached", async () => {
    const { response } = await probe(app);
    expect(response.headers.get("content-type")).toBe("application/health+json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("api-version")).toBe(version);
  });

  it("never reveals the database URL, in the answer or the logs", async () => {
    const { text } = await probe(app);
    // The one log line that names the data directory is the one that says where the demo keys are.
    const logs = app.logs().split("\n").filter((line) => !line.includes('"msg":"demo API keys written"')).join("\n");
    for (const secret of [app.databaseUrl, app.dataDir].filter(Boolean) as string[]) {
      expect(text).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
    expect(text).not.toMatch(/postgres(ql)?:\/\//);
  });

  it("answers liveness at once", async () => {
    const { response, body, elapsedMs } = await live(app);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/health+json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(body).toMatchObject({ status: "pass", version });
    expect(elapsedMs).toBeLessThan(1_000);
  });
});

describe.runIf(hasPostgres)("GET /api/health on PostgreSQL with no dispatcher running", () => {
  let app: StartedApp;
  let client: pg.Client;

  beforeAll(async () => {
    // With DATABASE_URL nothing polls (WEBHOOKS_POLL_MS is 0): only a worker or the cron route would deliver.
    app = await startApp({ database: "postgres" });
    client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await app?.stop();
  });

  it("warns about a delivery overdue by an hour, and not about a disabled endpoint's queue", async () => {
    await client.query(`
      INSERT INTO webhook_endpoints (id, url, secret, enabled) VALUES
        ('whep_healthlive0000000000', 'http://127.0.0.1:9/hooks', 'whsec_x', true),
        ('whep_healthoff00000000000', 'http://127.0.0.1:9/hooks', 'whsec_x', false)`);
    await client.query(`INSERT INTO webhook_events (id, type, api_version, data) VALUES ('evt_healthoverdue0000000', 'ngo.created', '2026-11-25', '{}')`);
    await client.query(`
      INSERT INTO webhook_deliveries (event_id, endpoint_id, next_attempt_at) VALUES
        ('evt_healthoverdue0000000', 'whep_healthlive0000000000', now() - interval '1 hour'),
        ('evt_healthoverdue0000000', 'whep_healthoff00000000000', now() - interval '3 days')`);
    const { response, body } = await probe(app);
    expect(response.status).toBe(200);
    const [deliveries] = body.checks["webhooks:deliveries"]!;
    expect(deliveries).toMatchObject({ status: "warn", observedValue: { overdueDeliveries: 1, overdueSettlements: 0 } });
    const late = (deliveries!.observedValue as { oldestOverdueSeconds: number }).oldestOverdueSeconds;
    expect(late).toBeGreaterThanOrEqual(3_600);
    expect(late).toBeLessThan(3_700);
    expect(deliveries!.output).toMatch(/^1 webhook delivery overdue, the oldest by 60 min: no dispatcher is running/);
  });
});

describe("GET /api/health with an unreachable database", () => {
  const databaseUrl = "postgres://postgres:s3cret-password@127.0.0.1:1/unreachable";
  let app: StartedApp;

  beforeAll(async () => {
    app = await startApp({ env: { DATABASE_URL: databaseUrl } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("fails fast with 503 and a generic reason", async () => {
    const { response, body, text, elapsedMs } = await probe(app);
    expect(response.status).toBe(503);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(elapsedMs).toBeLessThan(3_000);
    expect(body.status).toBe("fail");
    expect(body.checks["database:responseTime"]![0]).toMatchObject({ status: "fail", output: "unreachable" });
    expect(body.checks["database:migrations"]![0]).toMatchObject({ status: "fail" });
    for (const secret of ["s3cret-password", "127.0.0.1:1", "postgres://", "SELECT"]) {
      expect(text).not.toContain(secret);
    }
    expect(app.logs()).not.toContain("s3cret-password");
  });

  it("still answers liveness with 200", async () => {
    const { response, elapsedMs } = await live(app);
    expect(response.status).toBe(200);
    expect(elapsedMs).toBeLessThan(1_000);
  });

  it("answers the API with a 503 problem and Retry-After, REST and GraphQL, with nothing of the cause", async () => {
    for (const path of ["/api/registry/ngos", "/api/registry/ngos?view=stats", "/api/registry/ngos/some-entry"]) {
      const response = await fetch(`${app.url}${path}`);
      const text = await response.text();
      expect(response.status, path).toBe(503);
      expect(response.headers.get("retry-after"), path).toBe("5");
      expect(response.headers.get("content-type"), path).toContain("application/problem+json");
      expect(JSON.parse(text), path).toMatchObject({ status: 503, type: expect.stringContaining("/problems/service-unavailable") });
      for (const secret of ["s3cret-password", "127.0.0.1:1", "postgres://", "ECONNREFUSED"]) expect(text).not.toContain(secret);
    }
    const graphql = await fetch(`${app.url}/api/registry/graphql`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ query: "{ ngos(limit: 1) { slug } }" }),
    });
    const answer = (await graphql.json()) as { errors?: { message: string; extensions: { code: string } }[] };
    expect(answer.errors?.[0]?.extensions.code).toBe("SERVICE_UNAVAILABLE");
    expect(JSON.stringify(answer)).not.toMatch(/s3cret-password|127\.0\.0\.1:1|ECONNREFUSED/);
    expect(app.logs()).toContain("database unavailable");
    expect(app.logs()).not.toContain("unhandled error");
  });

  it("shows the explorer's pages as a plain 500 page in the site's frame, with nothing of the cause", async () => {
    for (const path of ["/", "/stats", "/ngos/some-entry"]) {
      const response = await fetch(`${app.url}${path}`);
      const html = await response.text();
      expect(response.status, path).toBe(500);
      expect(html).toContain("Something went wrong");
      expect(html).toContain('href="/api/health"');
      for (const secret of ["s3cret-password", "127.0.0.1:1", "postgres://", "ECONNREFUSED"]) expect(html).not.toContain(secret);
      expect(html).not.toMatch(/\bat \S+ \(/);
    }
    expect(app.logs()).not.toContain("s3cret-password");
  });
});

describe.runIf(hasPostgres)("GET /api/health while PostgreSQL goes away and comes back", () => {
  let database: TestDatabase;
  let forwarder: TcpForwarder;
  let app: StartedApp;

  beforeAll(async () => {
    database = await createTestDatabase({ seed: false });
    const target = new URL(database.url);
    forwarder = await startTcpForwarder({ host: target.hostname, port: Number(target.port || 5432) });
    target.port = String(forwarder.port);
    app = await startApp({ env: { DATABASE_URL: target.toString() } });
  });
  afterAll(async () => {
    await app?.stop();
    await forwarder?.close();
    await database?.drop();
  });

  it("fails within 3 s while the database does not answer, and recovers without a restart", async () => {
    expect((await probeUntil(app, ["pass", "warn"], 10_000)).response.status).toBe(200);

    forwarder.blackhole();
    const silent = await probe(app);
    expect(silent.response.status).toBe(503);
    expect(silent.elapsedMs).toBeLessThan(3_000);
    expect(silent.body.checks["database:responseTime"]![0]).toMatchObject({ status: "fail", output: "timeout" });
    expect((await live(app)).response.status).toBe(200);

    await forwarder.close();
    const stopped = await probe(app);
    expect(stopped.response.status).toBe(503);
    expect(stopped.elapsedMs).toBeLessThan(3_000);

    await forwarder.open();
    expect((await probeUntil(app, ["pass", "warn"], 10_000)).response.status).toBe(200);
  });
});
