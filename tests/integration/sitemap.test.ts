// The sitemap index: /sitemap.xml lists the explorer's pages and files of public entries cut every
// SITEMAP_FILE_SIZE entries (10 here, so the 500-entry sample makes dozens of files). Every public
// entry is in exactly one file, nothing hidden is in any, and a file is cut again before it grows
// more than a quarter over its size. On a fresh embedded database, or PostgreSQL with
// TEST_DATABASE=postgres.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StartedApp } from "../support/app";
import { startAppWithKeys, type CreatedKeys } from "../support/app-with-keys";
import { PATH_TO_STATE } from "../support/path-to-state";
import { readSitemap } from "../support/sitemap";

const FILE_SIZE = 10;
const GROWTH_LIMIT = 13; // a quarter over the size, rounded up

let app: StartedApp;
let keys: CreatedKeys<"operator">;

beforeAll(async () => {
  ({ app, keys } = await startAppWithKeys({ operator: { name: "Registry desk", kind: "secret", tier: "operator" } }, { env: { SITEMAP_FILE_SIZE: String(FILE_SIZE) } }));
});

afterAll(async () => {
  await app?.stop();
});

async function operator(method: string, path: string, body?: unknown) {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${keys.operator.key}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return (await response.json()) as { data: unknown; page?: { next_cursor: string | null } };
}

/** Every entry's slug by state, from the operator's list (which sees every state). */
async function slugsByState(): Promise<Map<string, string>> {
  const states = new Map<string, string>();
  let cursor: string | null | undefined;
  do {
    const answer = await operator("GET", `/api/registry/ngos?limit=100&sort=name${cursor ? `&cursor=${cursor}` : ""}`);
    for (const entry of answer.data as { slug: string; state: string }[]) states.set(entry.slug, entry.state);
    cursor = answer.page?.next_cursor;
  } while (cursor);
  return states;
}

const PUBLIC = new Set(["verified", "suspended", "revoked"]);

/** Reads the whole sitemap and checks it against the registry: every public entry once, nothing else. */
async function expectCompleteSitemap() {
  const sitemap = await readSitemap(app.url);
  const states = await slugsByState();
  const listed = sitemap.urls.filter((url) => url.includes("/ngos/")).map((url) => url.slice(url.indexOf("/ngos/") + 6));
  expect(new Set(listed).size, "no entry listed twice").toBe(listed.length);
  const publicSlugs = [...states].filter(([, state]) => PUBLIC.has(state)).map(([slug]) => slug);
  expect(new Set(listed)).toEqual(new Set(publicSlugs));
  for (const file of sitemap.files) {
    expect(file.status, file.path).toBe(200);
    expect(file.type, file.path).toBe("application/xml; charset=utf-8");
    expect(file.urls.length, file.path).toBeLessThanOrEqual(GROWTH_LIMIT);
  }
  return sitemap;
}

describe("the sitemap index", () => {
  it("lists the explorer's pages, then files of at most SITEMAP_FILE_SIZE public entries, every one once", async () => {
    const response = await fetch(`${app.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const sitemap = await expectCompleteSitemap();
    expect(sitemap.index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(sitemap.files[0]!.path).toBe("/sitemaps/pages.xml");
    expect(sitemap.files[0]!.urls).toEqual([`${app.url}/`, `${app.url}/stats`, `${app.url}/docs`]);
    const entryFiles = sitemap.files.slice(1);
    expect(entryFiles.map((file) => file.path)).toEqual(entryFiles.map((_, i) => `/sitemaps/ngos-${i + 1}.xml`));
    // Freshly cut: every file but the last holds exactly the size.
    for (const file of entryFiles.slice(0, -1)) expect(file.urls.length, file.path).toBe(FILE_SIZE);
    expect(entryFiles.length).toBeGreaterThan(20);
  });

  it("gives each entry its last change", async () => {
    const xml = await (await fetch(`${app.url}/sitemaps/ngos-1.xml`)).text();
    expect(xml).toMatch(/<url><loc>http:\/\/127\.0\.0\.1:\d+\/ngos\/[a-z0-9-]+<\/loc><lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z<\/lastmod><\/url>/);
  });

  it("answers 404 for a file it does not list", async () => {
    const { files } = await readSitemap(app.url);
    for (const path of [`/sitemaps/ngos-${files.length}.xml`, "/sitemaps/ngos-0.xml", "/sitemaps/ngos-01.xml", "/sitemaps/ngos-1.json", "/sitemaps/other.xml", "/sitemaps/ngos-9999999.xml"]) {
      expect((await fetch(`${app.url}${path}`)).status, path).toBe(404);
    }
  });

  it("lists an older entry made public at once, in the file of its place, and drops it when it is hidden again", async () => {
    const states = await slugsByState();
    const pending = [...states].find(([, state]) => state === "pending_review")?.[0];
    expect(pending, "the sample has an entry pending review").toBeDefined();
    await operator("POST", `/api/v1/ngos/${pending}/transitions`, { to: "verified", reason: "sitemap test" });
    expect((await expectCompleteSitemap()).urls.some((url) => url.endsWith(`/ngos/${pending}`))).toBe(true);
    await operator("POST", `/api/v1/ngos/${pending}/transitions`, { to: "archived", reason: "sitemap test" });
    expect((await expectCompleteSitemap()).urls.some((url) => url.endsWith(`/ngos/${pending}`))).toBe(false);
  });

  it("cuts the files again when new entries grow the last one past its limit", async () => {
    const before = await readSitemap(app.url);
    for (let i = 0; i < GROWTH_LIMIT + 1; i++) {
      const { slug } = (await operator("POST", "/api/v1/ngos", { name: `Sitemap Growth Trust ${i}`, sector: "health", country: "ke" })).data as { slug: string };
      for (const to of PATH_TO_STATE.verified) await operator("POST", `/api/v1/ngos/${slug}/transitions`, { to, reason: "sitemap test" });
    }
    const after = await expectCompleteSitemap();
    expect(after.files.length).toBeGreaterThan(before.files.length);
  });
});
