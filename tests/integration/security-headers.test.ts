// X-Content-Type-Options, Referrer-Policy, X-Request-Id and (in production only) HSTS on every kind
// of answer the app gives: API answers (from handlers, and the 401/403/405/429 proxy.ts and the
// server give before any handler runs), both routers' pages, the metadata routes, the scripts,
// the widget and static assets. Pages allow scripts by nonce, never 'unsafe-inline'.
// The suite runs on the embedded database (never production: no HSTS) and, in CI, on PostgreSQL
// under NODE_ENV=production (production: HSTS everywhere).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_FIXTURES } from "@/lib/sample/generate-sample-registry";
import type { StartedApp } from "../support/app";
import { startAppWithKeys, type CreatedKeys } from "../support/app-with-keys";

const DEMO = SAMPLE_FIXTURES.donationDemo;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const CLIENT_ID = "chosen-by-the-client";
/** Production: a configured database under NODE_ENV=production (the tests' `next start`). */
const production = () => Boolean(app.databaseUrl);
const ALLOWED_ORIGIN = "https://ngo.example";

let app: StartedApp;
let keys: CreatedKeys<"embed" | "partner">;

beforeAll(async () => {
  ({ app, keys } = await startAppWithKeys(
    {
      embed: { name: "NGO site", kind: "publishable", ngo: DEMO, origins: [ALLOWED_ORIGIN] },
      partner: { name: "Newsroom", kind: "secret", tier: "partner" },
    },
    // One failed authentication a minute: the second made-up key is the proxy's 429.
    { env: { RATE_LIMIT_FAILED_AUTH_PER_MINUTE: "1" } },
  ));
});

afterAll(async () => {
  await app?.stop();
});

type Case = {
  what: string;
  path: string | (() => Promise<string>);
  status: number;
  init?: () => RequestInit;
  referrerPolicy?: string;
  /** An HTML page whose inline scripts carry the CSP's nonce (App Router), or that has none (explorer). */
  page?: "nonce" | "no-inline-script";
};

const json = { "Content-Type": "application/json" };
const CASES: Case[] = [
  { what: "API list", path: "/api/registry/ngos?limit=1", status: 200 },
  { what: "API entry", path: `/api/registry/ngos/${DEMO}`, status: 200 },
  { what: "API 400", path: "/api/registry/ngos?limit=0", status: 400 },
  { what: "API 404 (catch-all)", path: "/api/no-such-thing", status: 404 },
  { what: "health", path: "/api/health", status: 200 },
  { what: "OpenAPI", path: "/api/openapi.json", status: 200 },
  { what: "GraphQL", path: "/api/registry/graphql", status: 200, init: () => ({ method: "POST", headers: json, body: JSON.stringify({ query: "{ sectors { id } }" }) }) },
  { what: "public GraphQL", path: "/public/api/registry/graphql", status: 200, init: () => ({ method: "POST", headers: json, body: JSON.stringify({ query: "{ sectors { id } }" }) }) },
  { what: "CORS preflight", path: "/api/registry/ngos", status: 204, init: () => ({ method: "OPTIONS", headers: { Origin: "https://a.example", "Access-Control-Request-Method": "GET" } }) },
  { what: "403 for a missing scope", path: "/api/v1/ngos", status: 403, init: () => ({ method: "POST", headers: { ...json, Authorization: `Bearer ${keys.partner.key}` }, body: "{}" }) },
  { what: "403 for a foreign origin", path: "/api/registry/ngos", status: 403, init: () => ({ headers: { Authorization: `Bearer ${keys.embed.key}`, Origin: "https://elsewhere.example" } }) },
  { what: "Pages Router home", path: "/", status: 200, page: "no-inline-script" },
  { what: "Pages Router entry page", path: `/ngos/${DEMO}`, status: 200, page: "no-inline-script" },
  { what: "Pages Router 404", path: "/no-such-page", status: 404, page: "nonce" },
  { what: "Pages Router docs", path: "/docs", status: 200, page: "no-inline-script" },
  { what: "App Router API reference", path: "/docs/api", status: 200, page: "nonce" },
  { what: "App Router GraphQL IDE", path: "/docs/graphql", status: 200, page: "nonce" },
  { what: "sitemap index", path: "/sitemap.xml", status: 200 },
  { what: "sitemap file", path: "/sitemaps/ngos-1.xml", status: 200 },
  { what: "robots", path: "/robots.txt", status: 200 },
  { what: "icon", path: "/icon.png", status: 200 },
  { what: "embed loader", path: "/embed.js", status: 200 },
  { what: "explorer script", path: "/explorer.js", status: 200 },
  { what: "widget page", path: () => Promise.resolve(`/embed/donate/${DEMO}?key=${keys.embed.key}`), status: 200, init: () => ({ headers: { Referer: `${ALLOWED_ORIGIN}/donate`, "Sec-Fetch-Dest": "iframe" } }), referrerPolicy: "no-referrer" },
  // The widget is stricter: it lives in other sites' pages, and tells nobody where it was.
  { what: "widget preview", path: `/embed/donate/${DEMO}?preview=1`, status: 200, referrerPolicy: "no-referrer" },
  { what: "static asset", path: staticAsset, status: 200 },
  { what: "405 from the server", path: "/api/health", status: 405, init: () => ({ method: "PROPFIND" }) },
  { what: "405 on a page", path: "/", status: 405, init: () => ({ method: "DELETE" }) },
  { what: "Pages Router stats page", path: "/stats", status: 200, page: "no-inline-script" },
  { what: "404 under /embed", path: "/embed/no-such-thing", status: 404, referrerPolicy: "no-referrer" },
  // Last: once the client's failed authentications are spent, even its good keys get a 429.
  { what: "proxy 401", path: "/api/registry/ngos", status: 401, init: () => ({ headers: { Authorization: "Bearer tr_sk_made_up" } }) },
  { what: "proxy 429", path: "/api/registry/ngos", status: 429, init: () => ({ headers: { Authorization: "Bearer tr_sk_made_up_again" } }) },
];

/** A file the home page loads from /_next/static (its stylesheet: the page needs no script). */
async function staticAsset(): Promise<string> {
  const html = await (await fetch(`${app.url}/`)).text();
  const src = /"(\/_next\/static\/[^"]+\.(?:css|js))"/.exec(html)?.[1];
  expect(src).toBeDefined();
  return src!;
}

describe("security headers", () => {
  // In order: the 429 needs the 401's failed authentication before it.
  it.each(CASES)("are on the $what answer", async ({ path, status, init, referrerPolicy = "strict-origin-when-cross-origin" }) => {
    const url = `${app.url}${typeof path === "string" ? path : await path()}`;
    const request = init?.() ?? {};
    const response = await fetch(url, { redirect: "manual", ...request, headers: { ...(request.headers as Record<string, string>), "X-Request-Id": CLIENT_ID } });
    await response.arrayBuffer();
    expect({ url, status: response.status }).toEqual({ url, status });
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe(referrerPolicy);
    // A fresh id: with no trusted proxy (the default), the client's own is not taken.
    expect(response.headers.get("x-request-id")).toMatch(UUID);
    expect(response.headers.get("x-request-id")).not.toBe(CLIENT_ID);
    expect(response.headers.get("strict-transport-security")).toBe(production() ? "max-age=63072000; includeSubDomains" : null);
  });

  it.each(CASES.filter((c) => c.page))("allow the $what page's scripts by nonce only", async ({ path, init, page }) => {
    const response = await fetch(`${app.url}${typeof path === "string" ? path : await path()}`, init?.());
    const html = await response.text();
    const csp = response.headers.get("content-security-policy") ?? "";
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("unsafe-eval");
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]!).filter((attributes) => !/type="application\/(json|ld\+json)"/.test(attributes));
    if (page === "no-inline-script") {
      expect(inline).toEqual([]);
      return;
    }
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    expect(nonce).toBeTruthy();
    expect(inline.length).toBeGreaterThan(0);
    for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);
    // A new one for every answer.
    const again = await fetch(`${app.url}${typeof path === "string" ? path : await path()}`, init?.());
    await again.arrayBuffer();
    expect(again.headers.get("content-security-policy")).not.toContain(nonce);
  });
});
