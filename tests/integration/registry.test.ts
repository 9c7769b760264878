// The registry over HTTP, against the real app and its sample data. Expectations come from the
// deterministic generator, so every count and order is checked against ground truth.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSampleRegistry, SAMPLE_FIXTURES } from "@/lib/sample/generate-sample-registry";
import { ngoListResponseSchema, ngoResponseSchema, statsResponseSchema } from "@/lib/registry/response-schemas";
import pkg from "@/package.json";
import { startApp, type StartedApp } from "../support/app";
import { fetchJson } from "../support/fetch-json";

const PUBLIC_STATES = ["verified", "suspended", "revoked"];
const sample = generateSampleRegistry({ count: 500 });
const visible = sample.filter((n) => PUBLIC_STATES.includes(n.state));
const hidden = sample.filter((n) => !PUBLIC_STATES.includes(n.state));

let app: StartedApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

type Entry = Record<string, unknown> & { slug: string; state: string; trust_score: number; name: string };
type ListBody = { data: Entry[]; page: { next_cursor: string | null; limit: number }; meta: { tier: string; redacted: string[] } };

async function list(query: string): Promise<ListBody> {
  const { response, body } = await fetchJson<ListBody>(`${app.url}/api/registry/ngos?${query}`);
  expect(response.status, query).toBe(200);
  expect(ngoListResponseSchema.safeParse(body).success, query).toBe(true);
  return body;
}

/** Every entry of a query, page after page. */
async function walk(query: string, limit: number): Promise<Entry[]> {
  const entries: Entry[] = [];
  let cursor: string | null = null;
  do {
    const body: ListBody = await list(`${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(body.data.length).toBeLessThanOrEqual(limit);
    entries.push(...body.data);
    cursor = body.page.next_cursor;
  } while (cursor);
  return entries;
}

describe("GET /api/registry/ngos", () => {
  it("lists public entries, best trust score first, public fields only", async () => {
    const { response } = await fetchJson(`${app.url}/api/registry/ngos`);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("api-version")).toBe(pkg.version);
    const body = await list("");
    expect(body.data).toHaveLength(20);
    expect(body.page).toEqual({ next_cursor: expect.any(String), limit: 20 });
    expect(body.meta.tier).toBe("public");
    expect(body.meta.redacted).toEqual(expect.arrayContaining(["legal_name", "trust", "state_history", "id"]));
    const best = Math.max(...visible.map((n) => n.trust_score));
    expect(body.data[0]?.trust_score).toBe(best);
    for (const entry of body.data) {
      expect(PUBLIC_STATES).toContain(entry.state);
      expect(entry).not.toHaveProperty("legal_name");
      expect(entry).not.toHaveProperty("id");
    }
  });

  it.each([
    ["-trust_score", (a: Entry, b: Entry) => a.trust_score >= b.trust_score],
    ["trust_score", (a: Entry, b: Entry) => a.trust_score <= b.trust_score],
    ["-verified_at", (a: Entry, b: Entry) => String(a.verified_at) >= String(b.verified_at)],
    ["verified_at", (a: Entry, b: Entry) => String(a.verified_at) <= String(b.verified_at)],
    ["name", undefined],
    ["-name", undefined],
  ])("walks every visible entry exactly once sorted by %s, in order", async (sort, ordered) => {
    const entries = await walk(`sort=${sort}`, 37);
    const slugs = entries.map((e) => e.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(new Set(slugs)).toEqual(new Set(visible.map((n) => n.slug)));
    if (ordered) entries.slice(1).forEach((entry, i) => expect(ordered(entries[i] as Entry, entry)).toBe(true));
    // Ties (many entries share a score) are broken the same way on every walk.
    const again = await walk(`sort=${sort}`, 100);
    expect(again.map((e) => e.slug)).toEqual(slugs);
  });

  it("filters by sector, state, country and minimum score, alone and together", async () => {
    const cases: [string, (n: (typeof sample)[number]) => boolean][] = [
      ["sector=health", (n) => n.sector_id === "health"],
      ["sector=health,education", (n) => ["health", "education"].includes(n.sector_id)],
      ["state=suspended", (n) => n.state === "suspended"],
      ["state=revoked,suspended", (n) => ["revoked", "suspended"].includes(n.state)],
      ["country=br", (n) => n.country === "BR"],
      ["min_trust_score=80", (n) => n.trust_score >= 80],
      ["sector=environment&country=BR,DE&min_trust_score=40", (n) => n.sector_id === "environment" && ["BR", "DE"].includes(n.country) && n.trust_score >= 40],
    ];
    for (const [query, match] of cases) {
      const slugs = (await walk(query, 100)).map((e) => e.slug).sort();
      expect(slugs, query).toEqual(visible.filter(match).map((n) => n.slug).sort());
    }
  });

  it("searches name, city and description for the public, ignoring case and accents, ranked", async () => {
    const accented = sample.find((n) => n.slug === SAMPLE_FIXTURES.accented)!;
    const withAccents = await list(`q=${encodeURIComponent(accented.name)}`);
    expect(withAccents.data[0]?.slug).toBe(accented.slug);
    const folded = accented.name.normalize("NFD").replace(/\p{M}/gu, "").toUpperCase();
    expect((await list(`q=${encodeURIComponent(folded)}`)).data[0]?.slug).toBe(accented.slug);

    const city = "São Paulo";
    const inCity = visible.filter((n) => n.city === city).map((n) => n.slug).sort();
    expect(inCity.length).toBeGreaterThan(0);
    const found = (await walk(`q=${encodeURIComponent("sao paulo")}`, 100)).map((e) => e.slug);
    expect(found).toEqual(expect.arrayContaining(inCity));

    // A word of the name outranks the same word in a description only.
    const word = accented.name.split(/\s+/).at(-1)!;
    const ranked = await walk(`q=${encodeURIComponent(word)}`, 100);
    const nameHits = ranked.map((e) => e.name.toLowerCase().includes(word.toLowerCase()));
    expect(nameHits.indexOf(false) === -1 || nameHits.lastIndexOf(true) < nameHits.indexOf(false)).toBe(true);

    expect((await list("q=zzzzqqqq")).data).toEqual([]);
    expect((await list("q=educ&sort=name")).data.length).toBeGreaterThan(0);
  });

  it("never shows draft, pending_review or archived entries, not even by name", async () => {
    for (const entry of hidden.slice(0, 25)) {
      const found = await list(`q=${encodeURIComponent(entry.name)}&limit=100`);
      expect(found.data.map((e) => e.slug)).not.toContain(entry.slug);
      const { response, body } = await fetchJson<{ type: string; status: number }>(`${app.url}/api/registry/ngos/${entry.slug}`);
      expect(response.status).toBe(404);
      expect(body.type).toBe("/problems/not-found");
    }
    const { response, body } = await fetchJson<{ type: string }>(`${app.url}/api/registry/ngos?state=draft`);
    expect(response.status).toBe(400);
    expect(body.type).toBe("/problems/invalid-request");
  });

  it("answers a hidden entry exactly like a missing one", async () => {
    const get = async (slug: string) => {
      const { response, body } = await fetchJson<Record<string, unknown>>(`${app.url}/api/registry/ngos/${slug}`);
      return { status: response.status, headers: [...response.headers.keys()].filter((h) => h !== "date").sort(), body: { ...body, detail: undefined, instance: undefined } };
    };
    const missing = await get("no-such-ngo-anywhere");
    expect(await get(SAMPLE_FIXTURES.draft)).toEqual(missing);
    expect(await get(SAMPLE_FIXTURES.pendingReview)).toEqual(missing);
    expect(await get(SAMPLE_FIXTURES.archived)).toEqual(missing);
  });

  it("returns statistics of what the tier may see", async () => {
    const { response, body } = await fetchJson(`${app.url}/api/registry/ngos?view=stats`);
    expect(response.status).toBe(200);
    const stats = statsResponseSchema.parse(body).data;
    expect(stats.total).toBe(visible.length);
    expect(stats.by_state.map((s) => s.state).sort()).toEqual([...PUBLIC_STATES].sort());
    const sum = (rows: { count: number }[]) => rows.reduce((a, r) => a + r.count, 0);
    for (const breakdown of [stats.by_state, stats.by_sector, stats.by_country, stats.trust_score_histogram]) {
      expect(sum(breakdown)).toBe(visible.length);
    }
    expect(stats.by_country.length).toBeGreaterThanOrEqual(30);
    const mean = visible.reduce((a, n) => a + n.trust_score, 0) / visible.length;
    expect(stats.average_trust_score).toBeCloseTo(mean, 0);
    expect(stats.trust_score_histogram[9]).toEqual({ min: 90, max: 100, count: visible.filter((n) => n.trust_score >= 90).length });

    const health = await fetchJson<{ data: { total: number } }>(`${app.url}/api/registry/ngos?view=stats&sector=health`);
    expect(health.body.data.total).toBe(visible.filter((n) => n.sector_id === "health").length);
    expect((await fetchJson(`${app.url}/api/registry/ngos?view=stats&limit=5`)).response.status).toBe(400);
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=abc", "limit"],
    ["sector=astrology", "sector"],
    ["state=draft", "state"],
    ["country=Brazil", "country"],
    ["country=%C3%9F", "country"],
    ["country=ZZ", "country"],
    ["country=br,xk", "country"],
    ["view=stats&country=ZZ", "country"],
    ["min_trust_score=101", "min_trust_score"],
    ["sort=relevance", "sort"],
    ["sort=price", "sort"],
    ["cursor=not-a-cursor", "cursor"],
    ["q=", "q"],
    ["colour=blue", "colour"],
    ["limit=5&limit=6", "limit"],
  ])("answers %s with a 400 problem naming %s", async (query, field) => {
    const { response, body } = await fetchJson<{ type: string; status: number; errors: { name: string }[] }>(`${app.url}/api/registry/ngos?${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(body).toMatchObject({ type: "/problems/invalid-request", status: 400 });
    expect(body.errors.map((e) => e.name)).toContain(field);
  });

  it("refuses a cursor from another query", async () => {
    const first = await list("sort=name&limit=5");
    const { response, body } = await fetchJson<{ errors: { name: string }[] }>(
      `${app.url}/api/registry/ngos?sort=-trust_score&limit=5&cursor=${first.page.next_cursor}`,
    );
    expect(response.status).toBe(400);
    expect(body.errors[0]?.name).toBe("cursor");
  });

  it("supports conditional requests and says what the answer varies on", async () => {
    const first = await fetch(`${app.url}/api/registry/ngos?sector=health`);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    expect(first.headers.get("vary")).toMatch(/Authorization/);
    const again = await fetch(`${app.url}/api/registry/ngos?sector=health`, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const other = await fetch(`${app.url}/api/registry/ngos?sector=education`, { headers: { "If-None-Match": etag! } });
    expect(other.status).toBe(200);
  });
});

describe("GET /api/registry/ngos/{slug}", () => {
  it("returns one public entry with public fields", async () => {
    const { response, body } = await fetchJson<{ data: Entry; meta: { tier: string } }>(`${app.url}/api/registry/ngos/${SAMPLE_FIXTURES.accented}`);
    expect(response.status).toBe(200);
    expect(ngoResponseSchema.safeParse(body).success).toBe(true);
    const truth = sample.find((n) => n.slug === SAMPLE_FIXTURES.accented)!;
    expect(body.data).toMatchObject({ slug: truth.slug, name: truth.name, city: truth.city, trust_score: truth.trust_score });
    expect(body.data).not.toHaveProperty("trust");
    expect(body.meta.tier).toBe("public");
  });

  it("answers unknown API paths with a problem, not a page", async () => {
    const { response, body } = await fetchJson<{ status: number }>(`${app.url}/api/registry/nope`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(body.status).toBe(404);
  });
});
