// What a flood costs the service: made-up API keys are metered per client (20 failed
// authentications a minute, on the API and the donation widget page alike) and, once a client's
// quota is spent, refused before the database is asked; real keys keep working; and liveness
// answers whatever else a client has used up.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateApiKey } from "@/lib/keys/generate-api-key";
import type { StartedApp } from "../support/app";
import { startAppWithKeys, type CreatedKeys } from "../support/app-with-keys";
import { calmMomentIn, sleep } from "../support/calm-moment";
import { startTcpForwarder, type TcpForwarder } from "../support/tcp-forwarder";

const FAILED_AUTH_LIMIT = 20;
const list = "/api/registry/ngos?limit=1";

let app: StartedApp;
let keys: CreatedKeys<"partner" | "unused">;
// On PostgreSQL the app talks to its database through this forwarder, which counts the bytes:
// a phase that sent none made no query. (PGlite is in-process: there the answers are checked.)
let forwarder: TcpForwarder | undefined;

beforeAll(async () => {
  if (process.env.TEST_DATABASE === "postgres") forwarder = await startTcpForwarder({ host: "127.0.0.1", port: 5432 });
  ({ app, keys } = await startAppWithKeys(
    { partner: { name: "Partner", kind: "secret" }, unused: { name: "Not used yet", kind: "secret" } },
    // One trusted hop, so each test client has an address of its own; "" means the defaults
    // (20 failed authentications a minute), except a tiny free tier: health gets 10 a minute.
    {
      env: { TRUSTED_PROXY_HOPS: "1", RATE_LIMIT_FAILED_AUTH_PER_MINUTE: "", RATE_LIMIT_ANONYMOUS_PER_MINUTE: "1" },
      appDatabaseUrl: (url) => {
        const viaForwarder = new URL(url);
        viaForwarder.port = String(forwarder?.port);
        return forwarder ? viaForwarder.toString() : url;
      },
    },
  ));
});

afterAll(async () => {
  await app?.stop();
  await forwarder?.close();
});

function call(path: string, client: string, key?: string): Promise<Response> {
  return fetch(`${app.url}${path}`, {
    headers: { "X-Forwarded-For": client, ...(key ? { Authorization: `Bearer ${key}` } : {}) },
  });
}

/** Bytes the app has sent to PostgreSQL so far; null on PGlite. */
function sentToDatabase(): number | null {
  return forwarder ? forwarder.bytesToServer() : null;
}

describe("failed authentications", () => {
  it("meters 100 made-up keys from one client: 20 are 401, the rest 429 without a database lookup, and real keys keep working", { timeout: 90_000 }, async () => {
    const attacker = "198.51.100.7";
    expect((await call(list, attacker, keys.partner.key)).status).toBe(200);
    await calmMomentIn(60_000);
    const sentBefore = sentToDatabase();

    const first: Response[] = [];
    for (let i = 0; i < FAILED_AUTH_LIMIT; i++) first.push(await call(list, attacker, generateApiKey("secret")));
    expect(first.map((r) => r.status)).toEqual(Array(FAILED_AUTH_LIMIT).fill(401));
    expect(first[0]!.headers.get("ratelimit-policy")).toBe('"failed-auth";q=20;w=60');
    expect(first.at(-1)!.headers.get("ratelimit")).toMatch(/^"failed-auth";r=0;t=\d+$/);
    const sentWhenSpent = sentToDatabase();
    // The count is real: the first twenty made-up keys were each looked up.
    if (sentBefore !== null) expect(sentWhenSpent).toBeGreaterThan(sentBefore);

    const rest: Response[] = [];
    for (let i = FAILED_AUTH_LIMIT; i < 100; i++) rest.push(await call(list, attacker, generateApiKey("secret")));
    expect(rest.map((r) => r.status)).toEqual(Array(100 - FAILED_AUTH_LIMIT).fill(429));
    const refused = rest[0]!;
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("ratelimit-policy")).toBe('"failed-auth";q=20;w=60');
    expect(await refused.json()).toMatchObject({ type: "/problems/quota-exceeded", status: 429 });
    expect(sentToDatabase()).toBe(sentWhenSpent);

    // A real key this process knows keeps working for the same client, also once its cache entry
    // is stale and must be read again; other clients are not touched by the attacker's quota.
    await sleep(5_500);
    expect((await call(list, attacker, keys.partner.key)).status).toBe(200);
    expect((await call(list, "198.51.100.8", keys.unused.key)).status).toBe(200);
    expect((await call(list, "198.51.100.8", generateApiKey("secret"))).status).toBe(401);
    // Without a key the attacker reads as anyone does, in the anonymous bucket.
    expect((await call(list, attacker)).status).not.toBe(401);
  });

  it("counts made-up keys on the donation widget page in the same quota, and then asks the database nothing", { timeout: 90_000 }, async () => {
    const client = "198.51.100.20";
    const widget = () =>
      fetch(`${app.url}/embed/donate/any-ngo?key=${encodeURIComponent(generateApiKey("publishable"))}`, { headers: { "X-Forwarded-For": client } });
    await calmMomentIn(60_000);
    const sentBefore = sentToDatabase();
    for (let i = 0; i < FAILED_AUTH_LIMIT; i++) {
      const page = await widget();
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("key is not valid");
    }
    const sentWhenSpent = sentToDatabase();
    if (sentBefore !== null) expect(sentWhenSpent).toBeGreaterThan(sentBefore);

    const refused = await widget();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("ratelimit-policy")).toBe('"failed-auth";q=20;w=60');
    // Still a message in the frame, never a blank one.
    expect(refused.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await refused.text()).toContain("Too many donation forms with keys that are not valid");
    for (let i = 0; i < 5; i++) expect((await widget()).status).toBe(429);
    // One quota: the API refuses the same client's next made-up key as well.
    expect((await call(list, client, generateApiKey("secret"))).status).toBe(429);
    expect(sentToDatabase()).toBe(sentWhenSpent);
  });

  it("costs one query for a repeated made-up key, however often it comes", async () => {
    const client = "198.51.100.9";
    const bad = generateApiKey("secret");
    expect((await call(list, client, bad)).status).toBe(401);
    const before = sentToDatabase();
    for (let i = 0; i < 5; i++) expect((await call(list, client, bad)).status).toBe(401);
    expect(sentToDatabase()).toBe(before);
  });
});

describe("liveness", () => {
  it("is never rate limited, while readiness keeps its own bucket", async () => {
    const client = "198.51.100.10";
    await calmMomentIn(60_000);
    const health = [];
    for (let i = 0; i < 11; i++) health.push((await call("/api/health", client)).status);
    expect(health.at(-1)).toBe(429);
    const live = await Promise.all(Array.from({ length: 50 }, () => call("/api/health/live", client)));
    expect(live.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(live[0]!.headers.get("ratelimit-policy")).toBeNull();
  });
});
