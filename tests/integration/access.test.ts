// proxy.ts over HTTP, against the running app: API keys with their origins and scopes, the
// identity handed to handlers, CORS, and per-key limits. The free tier's limit has its own file.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { generateApiKey } from "@/lib/keys/generate-api-key";
import { SAMPLE_FIXTURES } from "@/lib/sample/sample-fixtures";
import type { StartedApp } from "../support/app";
import { startAppWithKeys, type CreatedKeys } from "../support/app-with-keys";
import { sleep } from "../support/calm-moment";
import { postGraphQL } from "../support/graphql-client";
import { tamperedKey } from "../support/tampered-key";

const ORIGIN = "https://water.example.org";
const EXPIRES_IN_MS = 4_000;

let app: StartedApp;
let keys: CreatedKeys<"partner" | "operator" | "embed" | "slow" | "readOnlyOperator">;

beforeAll(async () => {
  ({ app, keys } = await startAppWithKeys({
    partner: { name: "Partner", kind: "secret" },
    operator: { name: "Operator", kind: "secret", tier: "operator" },
    readOnlyOperator: { name: "Auditor", kind: "secret", tier: "operator", scopes: ["registry:read"] },
    embed: { name: "Widget", kind: "publishable", origins: [ORIGIN, "https://*.water.example.org"], ngo: SAMPLE_FIXTURES.donationDemo },
    slow: { name: "Small quota", kind: "secret", rate_limit_per_minute: 5 },
  }));
});

afterAll(async () => {
  await app?.stop();
});

// A failure here is about what the app did: show what it logged.
afterEach(({ task }) => {
  if (task.result?.state === "fail") console.error(`app log (last 4,000 characters):\n${app?.logs().slice(-4_000)}`);
});

function call(path: string, { key, origin, headers = {}, ...init }: RequestInit & { key?: string; origin?: string; headers?: Record<string, string> } = {}) {
  return fetch(`${app.url}${path}`, {
    ...init,
    headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...(origin ? { Origin: origin } : {}), ...headers },
  });
}

async function problem(response: Response) {
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  return (await response.json()) as { type: string; status: number; detail: string };
}

const list = "/api/registry/ngos?limit=3";

describe("API keys on registry reads", () => {
  it("lifts a partner key to partner fields, at the key's own limit", async () => {
    const response = await call(list, { key: keys.partner.key });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: Record<string, unknown>[]; meta: { tier: string } };
    expect(body.meta.tier).toBe("partner");
    expect(body.data[0]).toHaveProperty("legal_name");
    expect(body.data[0]).toHaveProperty("trust");
    expect(body.data[0]).not.toHaveProperty("created_at");
    expect(response.headers.get("ratelimit-policy")).toBe('"key";q=600;w=60');
    expect(response.headers.get("cache-control")).toMatch(/^private/);
  });

  it("shows operators every state, hidden ones included", async () => {
    const response = await call(`/api/registry/ngos/${SAMPLE_FIXTURES.draft}`, { key: keys.operator.key });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: { state: "draft", created_at: expect.any(String) }, meta: { tier: "operator" } });
    expect((await call(`/api/registry/ngos/${SAMPLE_FIXTURES.draft}`)).status).toBe(404);
  });

  it("refuses a bad key with a 401 instead of reading as public", async () => {
    const wellFormed = generateApiKey("secret");
    for (const authorization of [`Bearer ${wellFormed}`, "Bearer tr_sk_nonsense", "Basic dXNlcjpwYXNz", "Bearer", `Bearer ${tamperedKey(keys.partner.key)}`]) {
      const response = await call(list, { headers: { Authorization: authorization } });
      const body = await response.clone().text();
      expect(response.status, `${authorization} answered ${body.slice(0, 300)}`).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer realm="trust-registry", error="invalid_(token|request)"$/);
      expect((await problem(response)).type).toBe("/problems/unauthorized");
    }
  });

  it("refuses a key whose scopes do not include registry:read", async () => {
    const response = await call(list, { key: keys.embed.key, origin: ORIGIN });
    expect(response.status).toBe(403);
    expect((await problem(response)).detail).toMatch(/registry:read/);
  });

  it("stops accepting a key once it expires", async () => {
    // Made here, not with the others: on a busy machine the suite's start alone can outlast a
    // short expiry.
    const expiresAt = Date.now() + EXPIRES_IN_MS;
    const created = await call("/api/v1/keys", {
      key: keys.operator.key,
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Short-lived", kind: "secret", expires_at: new Date(expiresAt).toISOString() }),
    });
    expect(created.status).toBe(201);
    const { key: expiring } = (await created.json()) as { key: string };
    expect((await call(list, { key: expiring })).status).toBe(200);
    await sleep(Math.max(0, expiresAt - Date.now()) + 50);
    const response = await call(list, { key: expiring });
    expect(response.status).toBe(401);
    expect((await problem(response)).detail).toMatch(/expired/);
  }, EXPIRES_IN_MS + 10_000);
});

describe("API keys on GraphQL", () => {
  const query = `{ ngo(slug: "${SAMPLE_FIXTURES.donationDemo}") { slug legal_name created_at trust { score } } }`;

  it("gives a partner key partner fields on both addresses, and leaves operator fields redacted", async () => {
    for (const path of ["/api/registry/graphql", "/public/api/registry/graphql"]) {
      const { status, body } = await postGraphQL(`${app.url}${path}`, query, { headers: { Authorization: `Bearer ${keys.partner.key}` } });
      expect(status, path).toBe(200);
      expect(body.data?.ngo).toMatchObject({ slug: SAMPLE_FIXTURES.donationDemo, legal_name: expect.any(String), created_at: null, trust: { score: expect.any(Number) } });
      expect(body.extensions).toMatchObject({ tier: "partner", redacted: ["created_at"] });
    }
  });

  it("shows operators hidden entries, the public nothing above its tier, and refuses bad keys", async () => {
    const hidden = `{ ngo(slug: "${SAMPLE_FIXTURES.draft}") { state created_at } }`;
    const operator = await postGraphQL(`${app.url}/api/registry/graphql`, hidden, { headers: { Authorization: `Bearer ${keys.operator.key}` } });
    expect(operator.body.data?.ngo).toMatchObject({ state: "draft", created_at: expect.any(String) });
    const anonymous = await postGraphQL(`${app.url}/api/registry/graphql`, query);
    expect(anonymous.body.data?.ngo).toMatchObject({ legal_name: null, created_at: null, trust: null });
    expect(anonymous.body.extensions?.tier).toBe("public");
    expect((await postGraphQL(`${app.url}/api/registry/graphql`, hidden)).body.data?.ngo).toBeNull();
    const bad = await fetch(`${app.url}/api/registry/graphql`, {
      method: "POST",
      headers: { Authorization: "Bearer tr_sk_wrong", "Content-Type": "application/json" },
      body: JSON.stringify({ query }),
    });
    expect(bad.status).toBe(401);
  });
});

describe("the identity handlers see", () => {
  // Headers a proxy in front of an app might use to pass an identity on: none of them counts here.
  const IDENTITY_HEADER = "x-trust-registry-identity";
  const forged = Buffer.from(
    JSON.stringify({ id: "key_forged", name: "x", kind: "secret", tier: "operator", scopes: ["registry:read", "admin"], origins: [], ngo_id: null, ngo_slug: null, rate_limit_per_minute: 100000 }),
  ).toString("base64url");

  it("comes from the key alone: identity-like headers a client sets give it nothing", async () => {
    const anonymous = await call(list, {
      headers: { [IDENTITY_HEADER]: forged, "x-api-tier": "operator", "x-forwarded-user": "operator", "x-middleware-subrequest": "proxy" },
    });
    expect(((await anonymous.json()) as { meta: { tier: string } }).meta.tier).toBe("public");
    const hidden = await call(`/api/registry/ngos/${SAMPLE_FIXTURES.draft}`, { headers: { [IDENTITY_HEADER]: forged } });
    expect(hidden.status).toBe(404);
    const admin = await call("/api/v1/keys", { headers: { [IDENTITY_HEADER]: forged } });
    expect(admin.status).toBe(401);
    const partner = await call(list, { key: keys.partner.key, headers: { [IDENTITY_HEADER]: forged } });
    expect(((await partner.json()) as { meta: { tier: string } }).meta.tier).toBe("partner");
    expect((await call("/api/v1/keys", { key: keys.partner.key, headers: { [IDENTITY_HEADER]: forged } })).status).toBe(403);
  });
});

describe("keyed endpoints: 401 and 403", () => {
  it("asks for a key, then for the right scope", async () => {
    const none = await call("/api/v1/keys");
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="trust-registry"');
    const partner = await call("/api/v1/keys", { key: keys.partner.key });
    expect(partner.status).toBe(403);
    expect((await problem(partner)).detail).toMatch(/admin/);
    expect((await call("/api/v1/keys", { key: keys.readOnlyOperator.key })).status).toBe(403);
    expect((await call("/api/v1/keys", { key: keys.operator.key })).status).toBe(200);
  });

  it("holds a publishable key to its origins", async () => {
    const cases: [origin: string | undefined, status: number][] = [
      [undefined, 403],
      ["https://evil.example.com", 403],
      ["https://water.example.org.evil.com", 403],
      ["http://water.example.org", 403],
      ["null", 403],
      ["https://water.example.org", 403], // allowed origin, but an embed key has no registry:read
    ];
    for (const [origin, status] of cases) {
      const response = await call(list, { key: keys.embed.key, origin });
      expect(response.status, String(origin)).toBe(status);
      expect(response.headers.get("access-control-allow-origin"), String(origin)).toBe("*");
    }
    const noOrigin = await problem(await call(list, { key: keys.embed.key }));
    expect(noOrigin.detail).toMatch(/no Origin/);
    const foreign = await problem(await call(list, { key: keys.embed.key, origin: "https://evil.example.com" }));
    expect(foreign.detail).toMatch(/allowlist/);
  });

  it("answers only the key's allowed origins on keyed endpoints", async () => {
    const refused = await call("/api/v1/embed/donation/intent", { method: "POST", key: keys.embed.key, origin: "https://evil.example.com" });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("secret keys in browsers", () => {
  async function makeKey(body: Record<string, unknown>) {
    const response = await call("/api/v1/keys", { key: keys.operator.key, method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect(response.status).toBe(201);
    return (await response.json()) as { key: string; data: { id: string } };
  }

  it("refuses a secret key without an allowlist from any browser Origin, with no CORS allowance", async () => {
    for (const [path, key] of [["/api/v1/keys", keys.operator.key], [list, keys.partner.key]] as const) {
      const fromPage = await call(path, { key, origin: "https://ops.example.net" });
      expect(fromPage.status, path).toBe(403);
      expect((await problem(fromPage)).detail, path).toMatch(/Secret keys are for servers/);
      expect(fromPage.headers.get("access-control-allow-origin"), path).not.toBe("https://ops.example.net");
      // The same key from a server (no Origin) works as before.
      expect((await call(path, { key })).status, path).toBe(200);
    }
    const deleted = await call(`/api/v1/keys/${keys.slow.id}`, { method: "DELETE", key: keys.operator.key, origin: "https://evil.example.com" });
    expect(deleted.status).toBe(403);
    const kept = (await (await call(`/api/v1/keys/${keys.slow.id}`, { key: keys.operator.key })).json()) as { data: { status: string } };
    expect(kept.data.status).toBe("active");
  });

  it("takes a secret key from the origins on its own allowlist only, and allows only those in CORS", async () => {
    const dashboard = await makeKey({ name: "Ops dashboard", kind: "secret", tier: "operator", origins: ["https://ops.example.net"] });
    const allowed = await call("/api/v1/keys", { key: dashboard.key, origin: "https://ops.example.net" });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://ops.example.net");
    expect(allowed.headers.get("vary")).toMatch(/Origin/);
    const elsewhere = await call("/api/v1/keys", { key: dashboard.key, origin: "https://evil.example.com" });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.headers.get("access-control-allow-origin")).toBeNull();
    expect((await call("/api/v1/keys", { key: dashboard.key })).status).toBe(200);
  });
});

describe("revocation on the instance that revoked", () => {
  async function makeKey() {
    const response = await call("/api/v1/keys", {
      key: keys.operator.key,
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: `Revoked at once ${Math.random()}`, kind: "secret" }),
    });
    return (await response.json()) as { key: string; data: { id: string } };
  }

  it("refuses a key revoked through the API on its very next use", async () => {
    const made = await makeKey();
    expect((await call(list, { key: made.key })).status).toBe(200); // now in the key cache
    expect((await call(`/api/v1/keys/${made.data.id}`, { method: "DELETE", key: keys.operator.key })).status).toBe(200);
    const response = await call(list, { key: made.key });
    expect(response.status).toBe(401);
    expect((await problem(response)).detail).toMatch(/revoked/);
  });

  it("refuses a rotated key's old secret on its very next use, and takes the new one", async () => {
    const made = await makeKey();
    expect((await call(list, { key: made.key })).status).toBe(200);
    const rotated = await call(`/api/v1/keys/${made.data.id}/rotate`, { method: "POST", key: keys.operator.key });
    expect(rotated.status).toBe(201);
    const { key: next } = (await rotated.json()) as { key: string };
    expect((await call(list, { key: made.key })).status).toBe(401);
    expect((await call(list, { key: next })).status).toBe(200);
  });
});

describe("403 answers and the rate limit", () => {
  it("labels a 403 with the rate-limit headers and counts it against the key", async () => {
    const response = await call("/api/v1/keys", {
      key: keys.operator.key,
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Three a minute", kind: "publishable", ngo: SAMPLE_FIXTURES.donationDemo, origins: [ORIGIN], rate_limit_per_minute: 3 }),
    });
    const { key } = (await response.json()) as { key: string };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      // An embed key has no registry:read: a 403 every time, until its quota is spent.
      const refused = await call(list, { key, origin: ORIGIN });
      statuses.push(refused.status);
      expect(refused.headers.get("ratelimit-policy"), `answer ${i}`).toBe('"key";q=3;w=60');
      expect(refused.headers.get("ratelimit"), `answer ${i}`).toMatch(/^"key";r=\d+;t=\d+$/);
      expect(refused.headers.get("x-ratelimit-limit"), `answer ${i}`).toBe("3");
      expect(refused.headers.get("x-ratelimit-remaining"), `answer ${i}`).toBe(String(Math.max(0, 2 - i)));
      expect(Number(refused.headers.get("x-ratelimit-reset")), `answer ${i}`).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([403, 403, 403, 429, 429]);
  });
});

describe("CORS preflights", () => {
  const preflight = (path: string, origin: string) =>
    call(path, { method: "OPTIONS", origin, headers: { "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization, content-type" } });

  it("lets any origin read the registry, with Authorization allowed by name", async () => {
    const response = await preflight(list, "https://news.example.com");
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-headers")).toMatch(/(^|, )Authorization(,|$)/);
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("succeeds without a key on keyed endpoints, and counts nothing", async () => {
    // ORIGIN is on the embed key's allowlist, and that key has embed:write.
    const response = await preflight("/api/v1/embed/donation/intent", ORIGIN);
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(response.headers.get("ratelimit")).toBeNull();
  });

  it("allows on keyed endpoints only an origin some key with their scope allows", async () => {
    const admin = await preflight("/api/v1/keys", "https://anywhere.example.com");
    expect(admin.status).toBe(204);
    expect(admin.headers.get("access-control-allow-origin")).toBeNull();
    // The embed key allows ORIGIN, but for embed:write, not admin.
    expect((await preflight("/api/v1/keys", ORIGIN)).headers.get("access-control-allow-origin")).toBeNull();
    const made = await call("/api/v1/keys", {
      key: keys.operator.key,
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Admin console", kind: "secret", tier: "operator", origins: ["https://console.example.net"] }),
    });
    expect(made.status).toBe(201);
    const allowed = await preflight("/api/v1/keys", "https://console.example.net");
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://console.example.net");
    expect(allowed.headers.get("access-control-allow-methods")).toMatch(/DELETE/);
  });

  it("exposes the rate-limit headers to scripts", async () => {
    const response = await call(list, { origin: "https://news.example.com" });
    expect(response.headers.get("access-control-expose-headers")).toMatch(/RateLimit-Policy/);
    expect(response.headers.get("access-control-expose-headers")).toMatch(/Retry-After/);
  });
});

describe("per-key limits", () => {
  it("counts a key at its own limit, wherever it calls from", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await call(list, { key: keys.slow.key, headers: { "X-Forwarded-For": `198.51.100.${i}` } });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.headers.get("ratelimit-policy")).toBe('"key";q=5;w=60');
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect((await problem(response)).type).toBe("/problems/quota-exceeded");
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Other keys and anonymous callers keep their own quotas.
    expect((await call(list, { key: keys.partner.key })).status).toBe(200);
  });
});
