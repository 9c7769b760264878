// What the benchmark measures: each scenario is one URL on one of the two servers. The list
// scenarios pass the same parameters to the same listNgos, on Next and on the floor server.
import type { LoadRequest } from "./measure";
import { SECTOR_IDS } from "../lib/registry/sectors";
import { SAMPLE_COUNTRIES } from "../lib/sample/sample-places";
import { PUBLIC_STATES } from "../lib/tiers";

/** next: `next start`, in-memory rate limits; next-upstash: a second `next start` whose limits
 * are in Redis through the test Upstash REST shim; next-pooler: one whose database is reached
 * through pgbouncer in transaction mode; next-prepared: one with DB_PREPARED_STATEMENTS=1 (named
 * statements, direct); next-direct: their twin, configured like next but serving only the
 * scenarios they serve, so that the three compare like with like (the main server has by then
 * run every other scenario, and a server's speed depends on what it has run); next-stripe: one
 * with the Stripe provider, against the tests' local fake of Stripe's API; floor: the bare
 * node:http server. */
export type ScenarioServer = "next" | "next-upstash" | "next-pooler" | "next-prepared" | "next-direct" | "next-stripe" | "floor";

export type Scenario = { name: string; server: ScenarioServer; path: string; request?: LoadRequest };

/** The seed's GraphQL query with the benchmark's page size: the same list as the REST scenario. */
export const GRAPHQL_SEED_QUERY = `{ ngos(sector: "health", limit: 20) { name slug state trust_score } }`;

const graphqlPost = (query: string): LoadRequest => ({
  method: "POST",
  body: JSON.stringify({ query }),
  headers: { "content-type": "application/json" },
});

const INTENT = "/api/v1/embed/donation/intent";
const STATS = "/api/registry/ngos?view=stats";

/**
 * Statistics URLs with filters drawn at random from a fixed seed, so every run asks the same:
 * states, sectors and countries (one to three of each) and a minimum score, each present or not.
 */
export function statsCombinations(count: number, seed = 21): string[] {
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const some = (values: readonly string[]) =>
    [...new Set(Array.from({ length: 1 + Math.floor(next() * 3) }, () => values[Math.floor(next() * values.length)]!))].join(",");
  return Array.from({ length: count }, () => {
    const params = new URLSearchParams({ view: "stats" });
    if (next() < 0.5) params.set("state", some(PUBLIC_STATES));
    if (next() < 0.5) params.set("sector", some(SECTOR_IDS));
    if (next() < 0.5) params.set("country", some(SAMPLE_COUNTRIES.map((c) => c.code)));
    if (next() < 0.5) params.set("min_trust_score", String(Math.floor(next() * 101)));
    return `/api/registry/ngos?${params.toString().replaceAll("%2C", ",")}`;
  });
}

export type ScenarioInputs = { search: string; deepCursor: string; slug: string; partnerKey: string; embed: { key: string; origin: string; ngo: string } };

/**
 * Scenarios in the order they run. The two sides of each ratio the report evaluates run next to
 * each other, so that load drifting in the background skews the ratio least.
 */
export function scenarios({ search, deepCursor, slug, partnerKey, embed }: ScenarioInputs): Scenario[] {
  const q = encodeURIComponent(search);
  const keyed: LoadRequest = { headers: { authorization: `Bearer ${partnerKey}` } };
  // A new donation intent per request: a fresh Idempotency-Key each time, as donors make them.
  const intent: LoadRequest = {
    method: "POST",
    body: JSON.stringify({ ngo: embed.ngo, amount: 2500, currency: "EUR" }),
    headers: { "content-type": "application/json", authorization: `Bearer ${embed.key}`, origin: embed.origin },
    freshHeader: "idempotency-key",
  };
  return [
    // proxy.ts's cost: the same constant handler with no proxy, a proxy that lets it through, the
    // whole proxy with a key (verification, origin, in-memory limiter, identity hand-over), and
    // the same with the limiter in Redis.
    { name: "no proxy: constant", server: "next", path: "/bench/constant" },
    { name: "pass-through proxy: constant", server: "next", path: "/api/bench/passthrough" },
    { name: "full proxy, in-memory: constant", server: "next", path: "/api/bench/constant", request: keyed },
    { name: "full proxy, Upstash: constant", server: "next-upstash", path: "/api/bench/constant", request: keyed },
    { name: "bare node: constant", server: "floor", path: "/constant" },
    { name: "query floor: list", server: "floor", path: "/list?limit=20" },
    { name: "framework floor", server: "next", path: "/api/bench/constant" },
    { name: "list", server: "next", path: "/api/registry/ngos?limit=20" },
    { name: "list, direct twin", server: "next-direct", path: "/api/registry/ngos?limit=20" },
    { name: "list, through PgBouncer", server: "next-pooler", path: "/api/registry/ngos?limit=20" },
    { name: "list, prepared statements", server: "next-prepared", path: "/api/registry/ngos?limit=20" },
    { name: "intent create", server: "next", path: INTENT, request: intent },
    { name: "intent create, Stripe (local fake)", server: "next-stripe", path: INTENT, request: intent },
    { name: "intent create, direct twin", server: "next-direct", path: INTENT, request: intent },
    { name: "intent create, through PgBouncer", server: "next-pooler", path: INTENT, request: intent },
    { name: "list deep page", server: "next", path: `/api/registry/ngos?limit=20&cursor=${encodeURIComponent(deepCursor)}` },
    { name: "search", server: "next", path: `/api/registry/ngos?q=${q}` },
    { name: "query floor: search", server: "floor", path: `/search?q=${q}` },
    { name: "stats", server: "next", path: "/api/registry/ngos?view=stats" },
    { name: "query floor: stats", server: "floor", path: "/stats" },
    { name: "query floor: stats, uncached", server: "floor", path: "/stats-uncached" },
    // Statistics without a search are computed on every request (no cache): many filters at once.
    { name: "uncached stats, 20 random filter combinations", server: "next", path: STATS, request: { paths: statsCombinations(20) } },
    { name: "ngo by slug", server: "next", path: `/api/registry/ngos/${encodeURIComponent(slug)}` },
    { name: "list by sector (REST)", server: "next", path: "/api/registry/ngos?sector=health&limit=20" },
    { name: "list by sector (GraphQL)", server: "next", path: "/api/registry/graphql", request: graphqlPost(GRAPHQL_SEED_QUERY) },
    { name: "health", server: "next", path: "/api/health" },
  ];
}

type ListBody = { data: { slug: string }[]; page: { next_cursor: string | null } };

async function getList(url: string): Promise<ListBody> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as ListBody;
}

/**
 * Walks the list a page at a time, as a client would, and returns the cursor that starts
 * `pages * limit` rows deep, plus the slug of the first entry (for the by-slug scenario).
 */
export async function walkList(nextBaseUrl: string, pages: number, limit: number): Promise<{ cursor: string; firstSlug: string }> {
  const base = `${nextBaseUrl}/api/registry/ngos?limit=${limit}`;
  const first = await getList(base);
  const firstSlug = first.data[0]?.slug;
  if (!firstSlug) throw new Error("The registry list is empty: was the database seeded?");
  let cursor = first.page.next_cursor;
  for (let page = 2; page <= pages; page++) {
    if (!cursor) throw new Error(`The list ends before page ${page}: seed more NGOs than ${pages * limit}.`);
    cursor = (await getList(`${base}&cursor=${encodeURIComponent(cursor)}`)).page.next_cursor;
  }
  if (!cursor) throw new Error(`The list ends at ${pages * limit} rows: seed more NGOs.`);
  return { cursor, firstSlug };
}

/**
 * A GraphQL error still answers 200, which autocannon counts as success: make sure the GraphQL
 * scenario measures real answers before measuring it at all.
 */
export async function checkGraphQLScenario(nextBaseUrl: string): Promise<void> {
  const { method, body, headers } = graphqlPost(GRAPHQL_SEED_QUERY);
  const response = await fetch(`${nextBaseUrl}/api/registry/graphql`, { method, body, headers });
  const answer = (await response.json()) as { data?: { ngos?: unknown[] }; errors?: unknown[] };
  if (response.status !== 200 || answer.errors || answer.data?.ngos?.length !== 20) {
    throw new Error(`The GraphQL scenario does not answer 20 entries: ${response.status} ${JSON.stringify(answer).slice(0, 600)}`);
  }
}
