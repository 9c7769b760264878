// The registry over GraphQL, against the running app: both addresses, the seed's query exactly
// as written, introspection, every argument, and the same answers REST gives.
import { createHash } from "node:crypto";
import { buildClientSchema, getIntrospectionQuery, printSchema, type IntrospectionQuery } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { printRegistrySchema } from "@/lib/graphql/print-registry-schema";
import { generateSampleRegistry, SAMPLE_FIXTURES } from "@/lib/sample/generate-sample-registry";
import { startApp, type StartedApp } from "../support/app";
import { postGraphQL } from "../support/graphql-client";

const PUBLIC_STATES = ["verified", "suspended", "revoked"];
const SEED_QUERY = `{ ngos(sector: "health", limit: 5) { name slug state trust_score } }`;
const sample = generateSampleRegistry({ count: 500 });
const visible = sample.filter((n) => PUBLIC_STATES.includes(n.state));

type Entry = { slug: string; name: string; state: string; trust_score: number; [field: string]: unknown };

let app: StartedApp;
let endpoint: string;
beforeAll(async () => {
  app = await startApp();
  endpoint = `${app.url}/api/registry/graphql`;
});
afterAll(async () => {
  await app?.stop();
});

async function data<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
  const { status, body } = await postGraphQL<T>(endpoint, query, { variables });
  expect(body.errors, query).toBeUndefined();
  expect(status).toBe(200);
  return body.data as T;
}

async function restList(query: string): Promise<Entry[]> {
  const response = await fetch(`${app.url}/api/registry/ngos?${query}`);
  expect(response.status, query).toBe(200);
  return ((await response.json()) as { data: Entry[] }).data;
}

describe("the seed's GraphQL query", () => {
  it.each(["/api/registry/graphql", "/public/api/registry/graphql"])("answers at %s with the selected fields", async (path) => {
    const { status, contentType, body } = await postGraphQL<{ ngos: Entry[] }>(`${app.url}${path}`, SEED_QUERY);
    expect(status).toBe(200);
    expect(contentType).toMatch(/^application\/json/);
    const entries = body.data?.ngos ?? [];
    expect(entries).toHaveLength(5);
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(["name", "slug", "state", "trust_score"]);
      expect(PUBLIC_STATES).toContain(entry.state);
      expect(sample.find((n) => n.slug === entry.slug)?.sector_id).toBe("health");
    }
    expect(entries).toEqual(await restList("sector=health&limit=5").then((list) => list.map(({ name, slug, state, trust_score }) => ({ name, slug, state, trust_score }))));
    expect(body.extensions).toEqual({ tier: "public", redacted: [] });
  });

  it("answers in application/graphql-response+json when asked", async () => {
    const { status, contentType, body } = await postGraphQL(endpoint, SEED_QUERY, { headers: { Accept: "application/graphql-response+json" } });
    expect(status).toBe(200);
    expect(contentType).toMatch(/^application\/graphql-response\+json/);
    expect(body.data).toBeDefined();
  });

  it("is never stored by a cache, answered or refused", async () => {
    for (const query of [SEED_QUERY, "{ ngos { nope } }"]) {
      const response = await fetch(endpoint, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query }) });
      expect(response.headers.get("cache-control"), query).toBe("no-store");
    }
  });

  it("takes GET queries with a CSRF-safe header, and refuses them without", async () => {
    const url = `${endpoint}?query=${encodeURIComponent(SEED_QUERY)}`;
    expect((await fetch(url, { headers: { "apollo-require-preflight": "1" } })).status).toBe(200);
    expect((await fetch(url)).status).toBe(400);
    const mutation = await fetch(`${endpoint}?query=${encodeURIComponent("mutation { x }")}`, { headers: { "apollo-require-preflight": "1" } });
    expect(mutation.status).toBeGreaterThanOrEqual(400);
    expect(mutation.status).toBeLessThan(500);
  });
});

describe("introspection", () => {
  it("round-trips: the introspected schema prints as schema.graphql", async () => {
    const introspection = await data<IntrospectionQuery>(getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }));
    expect(`${printSchema(buildClientSchema(introspection))}\n`).toBe(printRegistrySchema());
  });

  it("answers the seed's example", async () => {
    const { __schema } = await data<{ __schema: { types: { name: string }[] } }>(`{ __schema { types { name } } }`);
    expect(__schema.types.map((t) => t.name)).toEqual(expect.arrayContaining(["Query", "Ngo", "NgoState", "SectorId", "TrustScore"]));
  });
});

describe("arguments", () => {
  it.each([
    [`sector: "health,education"`, "sector=health,education"],
    [`state: [suspended, revoked]`, "state=suspended,revoked"],
    [`country: "br"`, "country=BR"],
    [`search: "sao paulo"`, "q=sao%20paulo"],
    [`min_trust_score: 80, sort: name`, "min_trust_score=80&sort=name"],
    [`sort: verified_at_desc, limit: 37`, "sort=-verified_at&limit=37"],
    [`sort: trust_score, country: "DE,FR"`, "sort=trust_score&country=DE,FR"],
    [`search: "water", sort: relevance, limit: 100`, "q=water&sort=relevance&limit=100"],
  ])("(%s) gives the entries REST gives for %s", async (args, rest) => {
    const { ngos } = await data<{ ngos: Entry[] }>(`{ ngos(${args}) { slug name state sector country city website description trust_score verified_at } }`);
    expect(ngos).toEqual(await restList(rest));
    expect(ngos.length).toBeGreaterThan(0);
  });

  it("walks the whole visible registry with ngos_page and after, hidden states never included", async () => {
    const slugs: string[] = [];
    let after: string | null = null;
    do {
      const page: { ngos_page: { entries: Entry[]; next_cursor: string | null; limit: number } } = await data(
        `query($after: String) { ngos_page(limit: 100, after: $after, sort: name) { entries { slug state } next_cursor limit } }`,
        { after },
      );
      expect(page.ngos_page.limit).toBe(100);
      slugs.push(...page.ngos_page.entries.map((e) => e.slug));
      after = page.ngos_page.next_cursor;
    } while (after);
    expect(slugs.sort()).toEqual(visible.map((n) => n.slug).sort());
  });

  it("finds one entry by slug, and none for hidden or impossible slugs", async () => {
    const { ngo } = await data<{ ngo: Entry }>(`{ ngo(slug: "${SAMPLE_FIXTURES.donationDemo}") { slug name sector legal_name } }`);
    expect(ngo).toMatchObject({ slug: SAMPLE_FIXTURES.donationDemo, sector: "water_sanitation", legal_name: null });
    for (const slug of [SAMPLE_FIXTURES.draft, SAMPLE_FIXTURES.pendingReview, SAMPLE_FIXTURES.archived, "no-such-entry", "Not A Slug!"]) {
      expect(await data(`query($slug: String!) { ngo(slug: $slug) { slug } }`, { slug })).toEqual({ ngo: null });
    }
  });

  it("gives the statistics REST gives, without hidden states", async () => {
    const fields = "total average_trust_score by_state { state count } by_sector { sector count average_trust_score } by_country { country count average_trust_score } trust_score_histogram { min max count }";
    const { stats } = await data<{ stats: { total: number; by_state: { state: string }[] } }>(`{ stats(sector: "health", min_trust_score: 50) { ${fields} } }`);
    const rest = await fetch(`${app.url}/api/registry/ngos?view=stats&sector=health&min_trust_score=50`).then((r) => r.json());
    expect(stats).toEqual(rest.data);
    const all = await data<{ stats: { total: number; by_state: { state: string }[] } }>(`{ stats { total by_state { state } } }`);
    expect(all.stats.total).toBe(visible.length);
    expect(all.stats.by_state.map((s) => s.state).sort()).toEqual([...PUBLIC_STATES].sort());
  });

  it("lists the published sectors", async () => {
    const { sectors } = await data<{ sectors: { id: string }[] }>(`{ sectors { id name description } }`);
    expect(sectors.map((s) => s.id)).toContain("health");
    expect(sectors).toHaveLength(12);
  });
});

describe("refusals", () => {
  it.each([0, 101, -1])("names the argument when limit is %i", async (limit) => {
    const { status, body } = await postGraphQL(endpoint, `query($limit: Int) { ngos(limit: $limit) { slug } }`, { variables: { limit } });
    expect(status).toBe(200);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", arguments: [{ name: "limit", reason: "must be an integer from 1 to 100" }] });
    expect(body.errors?.[0]?.message).toContain('"limit"');
  });

  it("refuses hidden states to the public, by name, in lists and statistics", async () => {
    for (const query of [`{ ngos(state: [draft]) { slug } }`, `{ stats(state: [pending_review]) { total } }`, `{ ngos_page(state: [archived]) { limit } }`]) {
      const { body } = await postGraphQL(endpoint, query);
      expect(body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", arguments: [{ name: "state" }] });
    }
  });

  it("refuses a cursor from another query as an invalid after", async () => {
    const first: { ngos_page: { next_cursor: string } } = await data(`{ ngos_page(limit: 2) { next_cursor } }`);
    const { body } = await postGraphQL(endpoint, `query($after: String) { ngos_page(after: $after, sort: name) { limit } }`, {
      variables: { after: first.ngos_page.next_cursor },
    });
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", arguments: [{ name: "after" }] });
  });

  it("answers parse and validation failures with 400 and a code", async () => {
    for (const [query, code] of [
      ["{ ngos(", "GRAPHQL_PARSE_FAILED"],
      ["{ ngos { nope } }", "GRAPHQL_VALIDATION_FAILED"],
      [`{ ngos(limit: "5") { slug } }`, "GRAPHQL_VALIDATION_FAILED"],
    ]) {
      const { status, body } = await postGraphQL(endpoint, query as string);
      expect(status, query).toBe(400);
      expect(body.errors?.[0]?.extensions?.code, query).toBe(code);
    }
    const wrongVariable = await postGraphQL(endpoint, `query($n: Int) { ngos(limit: $n) { slug } }`, { variables: { n: "many" } });
    expect(wrongVariable.status).toBe(400);
    expect(wrongVariable.body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("refuses depth, cost and alias attacks over HTTP with 400 and a code naming the limit", async () => {
    const fields = "name slug city country website description trust_score verified_at sector state";
    const costly = Array.from({ length: 10 }, (_, i) => `a${i}: ngos(limit: 100) { ${fields} }`).join(" ");
    const aliased = Array.from({ length: 16 }, (_, i) => `a${i}: sectors { id }`).join(" ");
    const deep = `{ __type(name: "Ngo") { fields { type { ${"ofType { ".repeat(6)} name ${"} ".repeat(6)} } } } }`;
    for (const [query, code] of [[`{ ${costly} }`, "QUERY_TOO_COSTLY"], [`{ ${aliased} }`, "TOO_MANY_ALIASES"], [deep, "QUERY_TOO_DEEP"]]) {
      const { status, body } = await postGraphQL(endpoint, query as string);
      expect(status, code).toBe(400);
      expect(body.errors?.[0]?.extensions?.code).toBe(code);
    }
  });

  it("costs a limit from a variable's default as the limit it is", async () => {
    const fields = "name slug city country website description trust_score verified_at sector state";
    const pages = `query($l: Int = 100) { ${Array.from({ length: 10 }, (_, i) => `a${i}: ngos(limit: $l) { ${fields} }`).join(" ")} }`;
    const { status, body } = await postGraphQL(endpoint, pages);
    expect(status).toBe(400);
    expect(body.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_COSTLY");
    await data(pages, { l: 5 });
  });

  it("costs each stats as the scan it is: fifteen are refused, one (and the seed's query) pass", async () => {
    const stats = Array.from({ length: 15 }, (_, i) => `s${i}: stats(min_trust_score: ${i}) { total }`).join(" ");
    const { status, body } = await postGraphQL(endpoint, `{ ${stats} }`);
    expect(status).toBe(400);
    expect(body.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_COSTLY");
    await data(`{ stats(sector: "health") { total by_sector { sector count } } }`);
    await data(`{ ngos(sector: "health", limit: 20) { name slug state trust_score } }`);
  });

  it("refuses what is not one GraphQL request in JSON before Apollo sees it", async () => {
    const post = (body: string, contentType = "application/json") =>
      fetch(endpoint, { method: "POST", headers: { "Content-Type": contentType }, body }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const tooLarge = await post(JSON.stringify({ query: `{ sectors { id } }`, variables: { pad: "x".repeat(70_000) } }));
    expect(tooLarge).toMatchObject({ status: 413, body: { errors: [{ extensions: { code: "PAYLOAD_TOO_LARGE" } }] } });
    expect(await post("{not json")).toMatchObject({ status: 400, body: { errors: [{ extensions: { code: "BAD_REQUEST" } }] } });
    expect(await post(`{"query":"{ sectors { id } }"}`, "text/plain")).toMatchObject({ status: 415 });
    expect((await post(JSON.stringify([{ query: "{ sectors { id } }" }, { query: "{ sectors { id } }" }]))).status).toBe(400);
    expect((await post(`{"query":"{ sectors { id } }"}`, "application/json; charset=utf-8")).status).toBe(200);
  });

  it.each(["/api/registry/graphql", "/public/api/registry/graphql"])(
    "refuses a persisted query whose hash does not match at %s: 400, its own code, no error logged",
    async (path) => {
      const url = `${app.url}${path}`;
      const query = `{ sectors { id } }`;
      const wrong = { persistedQuery: { version: 1, sha256Hash: createHash("sha256").update(`${query} `).digest("hex") } };
      const logged = app.logs().length;
      const post = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ query, extensions: wrong }) });
      const get = await fetch(`${url}?query=${encodeURIComponent(query)}&extensions=${encodeURIComponent(JSON.stringify(wrong))}`, {
        headers: { "apollo-require-preflight": "1" },
      });
      for (const response of [post, get]) {
        expect(response.status).toBe(400);
        const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
        expect(body.errors).toEqual([{ message: expect.stringContaining("SHA-256"), extensions: { code: "PERSISTED_QUERY_HASH_MISMATCH" } }]);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(app.logs().slice(logged)).not.toMatch(/"level":"error"/);
      const right = { persistedQuery: { version: 1, sha256Hash: createHash("sha256").update(query).digest("hex") } };
      const stored = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ query, extensions: right }) });
      expect(stored.status).toBe(200);
    },
  );
});
