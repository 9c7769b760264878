// Search by tier over HTTP (docs/concepts.md#tiers-who-sees-what): REST's q and GraphQL's search
// match only fields the caller may see. A word found only in legal names or registration numbers
// finds nothing for the public, in lists and in statistics alike, or the public could read those
// fields letter by letter; a partner or operator key finds it. Expectations come from the sample
// registry.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSampleRegistry, SAMPLE_FIXTURES, type SampleNgo } from "@/lib/sample/generate-sample-registry";
import type { StartedApp } from "../support/app";
import { startAppWithKeys, type CreatedKeys } from "../support/app-with-keys";
import { fetchJson } from "../support/fetch-json";
import { postGraphQL } from "../support/graphql-client";

const sample = generateSampleRegistry({ count: 500 });
const visible = sample.filter((n) => ["verified", "suspended", "revoked"].includes(n.state));
const demo = sample.find((n) => n.slug === SAMPLE_FIXTURES.donationDemo)!;

// The same fold as the search: lower case, no accents; each word of q starts a word of the text.
const words = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const mentions = (text: string, q: string) => words(q).every((w) => words(text).some((t) => t.startsWith(w)));
const publicText = (n: SampleNgo) => `${n.name} ${n.city} ${n.description}`;

/** The German, Swiss and Austrian legal form: in legal names, in no public field. */
const LEGAL_WORD = "gemeinnützig";

let app: StartedApp;
let keys: CreatedKeys<"partner" | "operator">;

beforeAll(async () => {
  ({ app, keys } = await startAppWithKeys({
    partner: { name: "Partner", kind: "secret" },
    operator: { name: "Operator", kind: "secret", tier: "operator" },
  }));
});

afterAll(async () => {
  await app?.stop();
});

const auth = (key?: string): Record<string, string> => (key ? { Authorization: `Bearer ${key}` } : {});

/** Every slug REST lists for q, page after page, and the statistics' total. */
async function restSearch(q: string, key?: string): Promise<{ slugs: string[]; total: number }> {
  const slugs: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `q=${encodeURIComponent(q)}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const { response, body } = await fetchJson<{ data: { slug: string }[]; page: { next_cursor: string | null } }>(
      `${app.url}/api/registry/ngos?${query}`,
      { headers: auth(key) },
    );
    expect(response.status, query).toBe(200);
    slugs.push(...body.data.map((e) => e.slug));
    cursor = body.page.next_cursor;
  } while (cursor);
  const stats = await fetchJson<{ data: { total: number } }>(`${app.url}/api/registry/ngos?view=stats&q=${encodeURIComponent(q)}`, { headers: auth(key) });
  expect(stats.response.status).toBe(200);
  return { slugs: slugs.sort(), total: stats.body.data.total };
}

async function graphqlSearch(q: string, key?: string): Promise<{ slugs: string[]; total: number }> {
  const { status, body } = await postGraphQL<{ ngos: { slug: string }[]; stats: { total: number } }>(
    `${app.url}/api/registry/graphql`,
    `query($q: String) { ngos(search: $q, limit: 100) { slug } stats(search: $q) { total } }`,
    { variables: { q }, headers: auth(key) },
  );
  expect(status).toBe(200);
  expect(body.errors).toBeUndefined();
  return { slugs: (body.data?.ngos ?? []).map((e) => e.slug).sort(), total: body.data?.stats.total ?? -1 };
}

describe("search by tier", () => {
  it("finds nothing for the public by a word only in legal names, in lists, statistics and GraphQL", async () => {
    expect(visible.filter((n) => mentions(publicText(n), LEGAL_WORD))).toEqual([]);
    for (const q of [LEGAL_WORD, "gemeinnutzig", "GEMEINNÜ"]) {
      expect(await restSearch(q), q).toEqual({ slugs: [], total: 0 });
      expect(await graphqlSearch(q), q).toEqual({ slugs: [], total: 0 });
    }
  });

  it("finds it for partners and operators, with or without accents, by the start of the word", async () => {
    for (const [tier, seen] of [["partner", visible], ["operator", sample]] as const) {
      const holders = seen.filter((n) => mentions(n.legal_name, LEGAL_WORD)).map((n) => n.slug).sort();
      expect(holders.length).toBeGreaterThan(10);
      expect(holders.length).toBeLessThanOrEqual(100);
      for (const q of [LEGAL_WORD, "gemeinnutzig", "GEMEINNÜ"]) {
        expect(await restSearch(q, keys[tier].key), `${tier} ${q}`).toEqual({ slugs: holders, total: holders.length });
        expect(await graphqlSearch(q, keys[tier].key), `${tier} ${q}`).toEqual({ slugs: holders, total: holders.length });
      }
    }
  });

  it("finds an entry by its registration number for partners only", async () => {
    const number = demo.registration_number;
    expect(visible.filter((n) => mentions(publicText(n), number))).toEqual([]);
    expect(await restSearch(number)).toEqual({ slugs: [], total: 0 });
    expect(await graphqlSearch(number)).toEqual({ slugs: [], total: 0 });

    for (const q of [number, number.split(/\D+/).at(-1)!]) {
      const rest = await restSearch(q, keys.partner.key);
      expect(rest.slugs, q).toContain(demo.slug);
      expect((await graphqlSearch(q, keys.partner.key)).slugs, q).toContain(demo.slug);
    }
  });
});
