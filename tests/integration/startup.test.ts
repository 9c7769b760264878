// What the server does when it cannot serve safely: it stops at start with one line saying why,
// rather than serving errors later. And the server secret of the embedded mode outlives restarts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startApp, type StartedApp } from "../support/app";

const dirs: string[] = [];
const apps: StartedApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function sharedDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tr-shared-"));
  dirs.push(dir);
  return dir;
}

/** Both tests are about the embedded database, whichever database the suite runs on. */
function embedded(dataDir: string): Promise<StartedApp> {
  return startApp({ database: "pglite", dataDir });
}

/** The one line a refused start printed about itself. */
function refusal(error: unknown): string[] {
  return String(error instanceof Error ? error.message : error)
    .split("\n")
    .filter((line) => line.includes("not starting"));
}

describe("starting the server", () => {
  it("two servers started at once on one embedded database: one serves, the other exits saying why", async () => {
    const dataDir = sharedDataDir();
    const results = await Promise.allSettled([embedded(dataDir), embedded(dataDir)]);
    const served = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    apps.push(...served);
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(served).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(String(refused[0])).toMatch(/exited \(1\)/);
    expect(refusal(refused[0])).toEqual([expect.stringMatching(/in use by process \d+/)]);
    expect((await fetch(`${served[0]?.url}/api/health`)).status).toBe(200);
  });

  it("keeps the generated server secret, so a cursor outlives a restart", async () => {
    const dataDir = sharedDataDir();
    let app = await embedded(dataDir);
    const first = (await (await fetch(`${app.url}/api/registry/ngos?limit=2`)).json()) as { page: { next_cursor: string } };
    await app.stop();
    expect(fs.statSync(path.join(dataDir, "server-secret")).mode & 0o777).toBe(0o600);
    app = await embedded(dataDir);
    apps.push(app);
    const second = await fetch(`${app.url}/api/registry/ngos?limit=2&cursor=${first.page.next_cursor}`);
    expect(second.status).toBe(200);
  });

  it("refuses to start on PostgreSQL without SERVER_SECRET, in one line naming it", async () => {
    const error = await startApp({ database: "postgres", env: { SERVER_SECRET: "" } }).then(
      (app) => (apps.push(app), undefined),
      (reason: unknown) => reason,
    );
    expect(String(error)).toMatch(/exited \(1\)/);
    const [line] = refusal(error);
    expect(line).toMatch(/SERVER_SECRET: must be set when DATABASE_URL is/);
    expect(String(error)).not.toMatch(/postgres:\/\//);
  });
});

describe("on Vercel production (VERCEL=1, VERCEL_ENV=production)", () => {
  const SECRET = "vercel-production-secret-0123456789abcdef";
  // Never reached: the configuration is refused before any connection.
  const complete = {
    VERCEL: "1",
    VERCEL_ENV: "production",
    DATABASE_URL: "postgres://registry@127.0.0.1:1/registry",
    SERVER_SECRET: SECRET,
    UPSTASH_REDIS_REST_URL: "https://registry.upstash.example",
    UPSTASH_REDIS_REST_TOKEN: "upstash-token-canary",
  };
  const cases: [string, Record<string, string>, RegExp][] = [
    ["no DATABASE_URL", { DATABASE_URL: "" }, /^trust-registry: not starting: Invalid configuration: DATABASE_URL: must be set on Vercel production/],
    ["no SERVER_SECRET", { SERVER_SECRET: "" }, /: SERVER_SECRET: must be set when DATABASE_URL is/],
    ["no Upstash variables", { UPSTASH_REDIS_REST_URL: "", UPSTASH_REDIS_REST_TOKEN: "" }, /: UPSTASH_REDIS_REST_URL: must be set on Vercel production .*RATE_LIMIT_STORE=memory/],
    ["half of the Upstash pair", { UPSTASH_REDIS_REST_TOKEN: "" }, /: UPSTASH_REDIS_REST_TOKEN: must be set together with UPSTASH_REDIS_REST_URL/],
    ["a malformed DATABASE_URL", { DATABASE_URL: "mysql://registry@127.0.0.1/registry" }, /: DATABASE_URL: must start with postgres:\/\//],
    ["a short SERVER_SECRET", { SERVER_SECRET: "short" }, /: SERVER_SECRET: must be at least 32 characters/],
    ["a plain-http Upstash URL", { UPSTASH_REDIS_REST_URL: "http://registry.upstash.example" }, /: UPSTASH_REDIS_REST_URL: must use https/],
    ["an unknown RATE_LIMIT_STORE", { RATE_LIMIT_STORE: "redis" }, /: RATE_LIMIT_STORE: Invalid option/],
  ];

  it("exits non-zero with one line naming each missing or malformed variable", { timeout: 180_000 }, async () => {
    // Side by side: each is a `next start` that stops during its start.
    const errors = await Promise.all(
      cases.map(([, change]) =>
        startApp({ env: { ...complete, ...change } }).then(
          (app) => (apps.push(app), undefined),
          (reason: unknown) => reason,
        ),
      ),
    );
    cases.forEach(([what, , message], i) => {
      const error = String(errors[i]);
      expect(error, what).toMatch(/exited \(1\)/);
      const lines = refusal(errors[i]);
      expect(lines, what).toHaveLength(1);
      expect(lines[0], what).toMatch(message);
      // No secret reaches the line.
      expect(error, what).not.toContain("upstash-token-canary");
      expect(error, what).not.toContain(SECRET);
    });
  });

  it("starts with RATE_LIMIT_STORE=memory in place of Upstash, counting per instance", async () => {
    const app = await startApp({
      database: "postgres",
      env: { VERCEL: "1", VERCEL_ENV: "production", RATE_LIMIT_STORE: "memory", UPSTASH_REDIS_REST_URL: "", UPSTASH_REDIS_REST_TOKEN: "" },
    });
    apps.push(app);
    const health = (await (await fetch(`${app.url}/api/health`)).json()) as { checks: Record<string, { componentId?: string; observedValue?: unknown }[]> };
    expect(health.checks["rateLimit:store"]?.[0]).toMatchObject({ componentId: "memory" });
    expect(health.checks["data:kind"]?.[0]).toMatchObject({ observedValue: "postgresql" });
  });
});
