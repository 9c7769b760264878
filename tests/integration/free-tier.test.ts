// The free tier over HTTP: 60 requests a minute per client, exactly, with the headers that say
// so; forged X-Forwarded-For buys nothing; the health probe keeps its own bucket; and two app
// instances sharing one Redis (the real client, through the Upstash REST shim) share the count.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type StartedApp } from "../support/app";
import { calmMomentIn } from "../support/calm-moment";
import { redisAvailable } from "../support/redis";
import { startUpstashShim, type UpstashShim } from "../support/upstash-shim";

// "" is unset: the default free tier, not the test harness's high limit.
const FREE_TIER = { RATE_LIMIT_ANONYMOUS_PER_MINUTE: "" };
const list = "/api/registry/ngos?limit=1";

async function burst(urls: string[], init?: RequestInit): Promise<Response[]> {
  return Promise.all(urls.map((url) => fetch(url, init)));
}

describe("the free tier on one instance (in-memory store)", () => {
  let app: StartedApp;
  beforeAll(async () => {
    app = await startApp({ env: FREE_TIER });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("lets exactly 60 of 100 rapid requests through and tells the 61st when to retry", async () => {
    await calmMomentIn(60_000);
    const responses: Response[] = [];
    for (let i = 0; i < 100; i++) responses.push(await fetch(`${app.url}${list}`));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);

    const remaining = responses.slice(0, 60).map((r) => Number(r.headers.get("x-ratelimit-remaining")));
    expect(remaining).toEqual(Array.from({ length: 60 }, (_, i) => 59 - i));
    for (const [i, response] of responses.slice(0, 60).entries()) {
      expect(response.headers.get("ratelimit-policy")).toBe('"anonymous";q=60;w=60');
      expect(response.headers.get("x-ratelimit-limit")).toBe("60");
      const reset = Number(response.headers.get("x-ratelimit-reset"));
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(60);
      expect(response.headers.get("ratelimit")).toBe(`"anonymous";r=${59 - i};t=${reset}`);
    }

    const refused = responses[60]!;
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get("ratelimit")).toBe(`"anonymous";r=0;t=${retryAfter}`);
    expect(refused.headers.get("x-ratelimit-reset")).toBe(String(retryAfter));
    expect(await refused.json()).toMatchObject({ type: "/problems/quota-exceeded", status: 429, detail: expect.stringMatching(/Retry in \d+ seconds?/) });
  });

  it("buys no fresh quota with a made-up X-Forwarded-For", async () => {
    const responses = await burst(
      Array.from({ length: 5 }, () => `${app.url}${list}`),
      { headers: { "X-Forwarded-For": `203.0.113.${Math.floor(Math.random() * 250)}` } },
    );
    expect(responses.map((r) => r.status)).toEqual([429, 429, 429, 429, 429]);
  });

  it("keeps the health probe answering from its own bucket", async () => {
    const response = await fetch(`${app.url}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get("ratelimit-policy")).toBe('"health";q=600;w=60');
  });
});

const redisUp = await redisAvailable();

describe.skipIf(!redisUp)("the free tier on two instances sharing Redis", () => {
  let shim: UpstashShim;
  let apps: StartedApp[] = [];
  beforeAll(async () => {
    shim = await startUpstashShim();
    // Behind one trusted proxy, as on Vercel: the last X-Forwarded-For entry is the client.
    const env = {
      ...FREE_TIER,
      TRUSTED_PROXY_HOPS: "1",
      UPSTASH_REDIS_REST_URL: shim.url,
      UPSTASH_REDIS_REST_TOKEN: shim.token,
      RATE_LIMIT_PREFIX: shim.keyPrefix,
      // Generous: on a busy CI machine a 300 ms wait can pass, and the request would go uncounted.
      RATE_LIMIT_TIMEOUT_MS: "3000",
    };
    apps = await Promise.all([startApp({ env }), startApp({ env })]);
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await shim?.close();
  });

  it("lets exactly 60 of 100 requests spread across both through", async () => {
    // Each instance loads the limiter's script once (EVALSHA, NOSCRIPT, EVAL) for another client.
    for (const app of apps) await fetch(`${app.url}${list}`, { headers: { "X-Forwarded-For": "192.0.2.99" } });
    await calmMomentIn(60_000);
    const before = shim.requests.length;
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => fetch(`${apps[i % 2]!.url}${list}`, { headers: { "X-Forwarded-For": "192.0.2.10" } })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    // One store round trip per request at most: none once an instance knows the bucket is used up.
    expect(shim.requests.length - before).toBeLessThanOrEqual(100);
    const health = (await (await fetch(`${apps[0]!.url}/api/health`)).json()) as { checks: Record<string, { status: string; componentId: string }[]> };
    expect(health.checks["rateLimit:store"]?.[0]).toMatchObject({ status: "pass", componentId: "upstash" });
    // Another client behind the same proxy has a quota of its own.
    expect((await fetch(`${apps[1]!.url}${list}`, { headers: { "X-Forwarded-For": "192.0.2.11" } })).status).toBe(200);
  });

  it("fails open, and says so in the health probe, when the store is down", async () => {
    await shim.stop();
    try {
      // Another client: the first one's bucket is known to be used up without asking the store.
      const response = await fetch(`${apps[1]!.url}/api/registry/ngos?limit=2`, { headers: { "X-Forwarded-For": "192.0.2.20" } });
      expect(response.status).toBe(200);
      const health = (await (await fetch(`${apps[1]!.url}/api/health`)).json()) as { status: string; checks: Record<string, { status: string; output?: string }[]> };
      expect(health.checks["rateLimit:store"]?.[0]).toMatchObject({ status: "warn", output: expect.stringMatching(/fail open/) });
      expect(health.status).toBe("warn");
    } finally {
      await shim.start();
    }
  });
});
