// One JSON access-log line per request, with its id, route pattern, status, duration, tier and key
// id, and nothing a client sent that could be a secret: a canary goes into every place a secret
// can travel (bearer token, query, cursor, path, body, cookies, other headers, GraphQL variables)
// and must appear in no line the app writes.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_FIXTURES } from "@/lib/sample/generate-sample-registry";
import type { StartedApp } from "../support/app";
import { startAppWithKeys, type CreatedKeys } from "../support/app-with-keys";

const DEMO = SAMPLE_FIXTURES.donationDemo;
const ORIGIN = "https://ngo.example";
const CANARY = `canary${randomBytes(8).toString("hex")}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let app: StartedApp;
let keys: CreatedKeys<"partner" | "embed">;

beforeAll(async () => {
  ({ app, keys } = await startAppWithKeys(
    {
      partner: { name: "Newsroom", kind: "secret", tier: "partner" },
      embed: { name: "NGO site", kind: "publishable", ngo: DEMO, origins: [ORIGIN] },
    },
    // One trusted proxy: an inbound X-Request-Id is kept when it is well-formed.
    { env: { TRUSTED_PROXY_HOPS: "1" } },
  ));
});

afterAll(async () => {
  await app?.stop();
});

type Line = Record<string, unknown>;

/** The app's access-log lines so far; every line that looks like JSON must parse. */
function accessLines(): Line[] {
  const lines = app.logs().split("\n").filter((l) => l.startsWith("{"));
  return lines.map((l) => JSON.parse(l) as Line).filter((l) => l.msg === "request");
}

async function lineFor(response: Response): Promise<Line> {
  await response.arrayBuffer();
  const id = response.headers.get("x-request-id");
  expect(id).toBeTruthy();
  await expect.poll(() => accessLines().filter((l) => l.request_id === id).length).toBe(1);
  return accessLines().find((l) => l.request_id === id)!;
}

const json = { "Content-Type": "application/json" };
const secretHeaders = { Cookie: `session=${CANARY}`, "X-Api-Key": CANARY, "X-Forwarded-For": "203.0.113.9" };

describe("the access log", () => {
  it("has one line per request with its route pattern, status, tier and key id — and no canary anywhere", async () => {
    const cases: { request: () => Promise<Response>; expected: Line }[] = [
      {
        request: () => fetch(`${app.url}/api/registry/ngos?q=${CANARY}&cursor=${CANARY}`, { headers: { ...secretHeaders, Authorization: `Bearer tr_sk_${CANARY}` } }),
        expected: { method: "GET", route: "/api/registry/ngos", status: 401, tier: null, key_id: null },
      },
      {
        request: () => fetch(`${app.url}/api/registry/ngos/${CANARY}?${CANARY}=${CANARY}`, { headers: { ...secretHeaders, Authorization: `Bearer ${keys.partner.key}` } }),
        expected: { method: "GET", route: "/api/registry/ngos/[slug]", status: 400, tier: "partner", key_id: keys.partner.id },
      },
      {
        request: () => fetch(`${app.url}/api/registry/ngos?limit=1&cursor=${CANARY}`, { headers: { Authorization: `Bearer ${keys.partner.key}` } }),
        expected: { method: "GET", route: "/api/registry/ngos", status: 400, tier: "partner", key_id: keys.partner.id },
      },
      {
        request: () => fetch(`${app.url}/api/registry/ngos/${DEMO}`, { headers: { Authorization: `Bearer ${keys.partner.key}` } }),
        expected: { method: "GET", route: "/api/registry/ngos/[slug]", status: 200, tier: "partner", key_id: keys.partner.id },
      },
      {
        request: () =>
          fetch(`${app.url}/api/v1/embed/donation/intent`, {
            method: "POST",
            headers: { ...json, ...secretHeaders, Origin: ORIGIN, Authorization: `Bearer ${keys.embed.key}` },
            body: JSON.stringify({ ngo: DEMO, amount: 1500, currency: "EUR", email: `${CANARY}@example.org`, name: CANARY, message: CANARY, metadata: { [CANARY]: CANARY } }),
          }),
        expected: { method: "POST", route: "/api/v1/embed/donation/intent", status: 201, tier: "public", key_id: keys.embed.id },
      },
      {
        request: () => fetch(`${app.url}/api/v1/embed/donation/intent/di_${CANARY}?client_secret=${CANARY}`, { headers: secretHeaders }),
        expected: { method: "GET", route: "/api/v1/embed/donation/intent/[id]", tier: "public", key_id: null },
      },
      {
        request: () =>
          fetch(`${app.url}/api/v1/embed/donation/intent/di_${CANARY}/confirm`, {
            method: "POST",
            headers: { ...json, ...secretHeaders },
            body: JSON.stringify({ client_secret: CANARY, card_number: "4242 4242 4242 4242" }),
          }),
        expected: { method: "POST", route: "/api/v1/embed/donation/intent/[id]/confirm", tier: "public", key_id: null },
      },
      {
        request: () =>
          fetch(`${app.url}/api/registry/graphql`, {
            method: "POST",
            headers: { ...json, ...secretHeaders },
            body: JSON.stringify({ query: `query Q($q: String) { ngos(q: $q) { slug } } # ${CANARY}`, variables: { q: CANARY } }),
          }),
        expected: { method: "POST", route: "/api/registry/graphql", tier: "public", key_id: null },
      },
      { request: () => fetch(`${app.url}/?q=${CANARY}`, { headers: secretHeaders }), expected: { method: "GET", route: "/", status: 200 } },
      { request: () => fetch(`${app.url}/ngos/${CANARY}`, { headers: secretHeaders }), expected: { method: "GET", route: "/ngos/[slug]", status: 404 } },
      { request: () => fetch(`${app.url}/${CANARY}/${CANARY}`, { headers: secretHeaders }), expected: { method: "GET", route: "(unmatched)", status: 404 } },
      { request: () => fetch(`${app.url}/embed/donate/${DEMO}?key=${CANARY}`, { headers: secretHeaders }), expected: { route: "/embed/donate/[slug]" } },
      { request: () => fetch(`${app.url}/api/health`, { method: "DELETE" }), expected: { method: "DELETE", route: "/api/health", status: 405 } },
      { request: () => fetch(`${app.url}/sitemap.xml`), expected: { method: "GET", route: "/sitemap.xml", status: 200 } },
      { request: () => fetch(`${app.url}/sitemaps/ngos-1.xml`), expected: { method: "GET", route: "/sitemaps/[file]", status: 200 } },
    ];
    for (const { request, expected } of cases) {
      const line = await lineFor(await request());
      expect(line).toMatchObject({ level: "info", ...expected });
      expect(typeof line.duration_ms).toBe("number");
      expect(typeof line.time).toBe("string");
      expect(Object.keys(line).sort()).toEqual(["duration_ms", "key_id", "level", "method", "msg", "request_id", "route", "status", "tier", "time"]);
    }
    const log = app.logs();
    expect(log).not.toContain(CANARY);
    for (const secret of [keys.partner.key, keys.embed.key]) expect(log).not.toContain(secret);
    // Every line the app wrote in JSON parses.
    for (const line of log.split("\n").filter((l) => l.startsWith("{"))) expect(() => JSON.parse(line) as unknown).not.toThrow();
  });

  it("keeps a well-formed X-Request-Id from the trusted proxy, and replaces anything else", async () => {
    const kept = await fetch(`${app.url}/api/health/live`, { headers: { "X-Request-Id": "lb-7f3a9c::req-0001" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a9c::req-0001");
    expect((await lineFor(kept)).request_id).toBe("lb-7f3a9c::req-0001");
    for (const bad of ["x".repeat(200), "has spaces in it", "quote\"d"]) {
      const replaced = await fetch(`${app.url}/api/health/live`, { headers: { "X-Request-Id": bad } });
      expect(replaced.headers.get("x-request-id")).toMatch(UUID);
      await replaced.arrayBuffer();
    }
  });
});
