// Tier projection at the resolver boundary, on a real database: operations executed against the
// app's Apollo Server with the context a partner or operator key will give (over HTTP every caller
// is public until proxy.ts verifies keys). Also: a list of 100 with components and history costs
// a fixed number of queries, however many entries it holds.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ApolloServer } from "@apollo/server";
import type { GraphQLContext } from "@/lib/graphql/context";
import { generateSampleRegistry, SAMPLE_FIXTURES } from "@/lib/sample/generate-sample-registry";
import type { Tier } from "@/lib/tiers";
import { useTestDatabase } from "../support/test-database-env";

const EVERY_FIELD = `id slug name legal_name registration_number state sector country city website description
  founded_year trust_score donations_enabled verified_at created_at updated_at
  trust { score methodology_version as_of components { component score weight evidence_date source } }
  state_history { from to actor reason at }`;
const PARTNER_FIELDS = ["legal_name", "registration_number", "founded_year", "trust", "state_history", "updated_at"];
const OPERATOR_FIELDS = ["id", "donations_enabled", "created_at"];

const sample = generateSampleRegistry({ count: 500 });
let server: ApolloServer<GraphQLContext>;
let database: Awaited<ReturnType<typeof useTestDatabase>> | undefined;

beforeAll(async () => {
  database = await useTestDatabase();
  server = (await import("@/lib/graphql/create-registry-server")).createRegistryServer();
});
afterAll(async () => {
  await server?.stop();
  await database?.release();
});

type Entry = Record<string, unknown> & { slug: string; state: string };

async function execute(tier: Tier, query: string, variables?: Record<string, unknown>) {
  const response = await server.executeOperation({ query, variables }, { contextValue: { tier } });
  if (response.body.kind !== "single") throw new Error("expected a single result");
  return { status: response.http.status ?? 200, ...response.body.singleResult };
}

describe("GraphQL tier projection", () => {
  it("gives the public tier nulls for partner and operator fields, and names them", async () => {
    const { data, errors, extensions } = await execute("public", `{ ngos(limit: 5) { ${EVERY_FIELD} } }`);
    expect(errors).toBeUndefined();
    for (const entry of (data?.ngos ?? []) as Entry[]) {
      for (const field of [...PARTNER_FIELDS, ...OPERATOR_FIELDS]) expect(entry[field], field).toBeNull();
      expect(entry.name).toEqual(expect.any(String));
    }
    // In the order of the one projection module (lib/tiers.ts).
    const redacted = ["id", "legal_name", "registration_number", "founded_year", "trust", "state_history", "donations_enabled", "created_at", "updated_at"];
    expect(extensions).toEqual({ tier: "public", redacted });
  });

  it("gives partners provenance, history and registration data, and nulls for operator fields", async () => {
    const { data, errors, extensions } = await execute("partner", `query($slug: String!) { ngo(slug: $slug) { ${EVERY_FIELD} } }`, {
      slug: SAMPLE_FIXTURES.donationDemo,
    });
    expect(errors).toBeUndefined();
    const truth = sample.find((n) => n.slug === SAMPLE_FIXTURES.donationDemo)!;
    const entry = data?.ngo as Entry & { trust: { components: { weight: number }[] }; state_history: { to: string }[] };
    expect(entry).toMatchObject({ legal_name: truth.legal_name, registration_number: truth.registration_number, id: null, donations_enabled: null, created_at: null });
    expect(entry.trust.components).toHaveLength(truth.components.length);
    expect(entry.trust.components.reduce((sum, c) => sum + c.weight, 0)).toBe(10_000);
    expect(entry.state_history.at(-1)?.to).toBe("verified");
    expect(extensions).toEqual({ tier: "partner", redacted: OPERATOR_FIELDS });
  });

  it("names only the redacted fields the operation selected, also through fragments", async () => {
    const { extensions } = await execute("public", `{ ngos(limit: 1) { name ...F } } fragment F on Ngo { legal_name }`);
    expect(extensions).toEqual({ tier: "public", redacted: ["legal_name"] });
  });

  it("names each tier's redacted fields when tiers ask the same query in turn", async () => {
    // Apollo keeps the parsed query: the second public ask reuses the document the others used.
    const query = `{ ngos(limit: 1) { name legal_name id } }`;
    const asked = [];
    for (const tier of ["public", "partner", "operator", "public"] as const) asked.push((await execute(tier, query)).extensions);
    expect(asked).toEqual([
      { tier: "public", redacted: ["id", "legal_name"] },
      { tier: "partner", redacted: ["id"] },
      { tier: "operator", redacted: [] },
      { tier: "public", redacted: ["id", "legal_name"] },
    ]);
  });

  it("refuses a query too costly every time it is asked, not only the first", async () => {
    const query = `{ ngos(limit: 100) { ${EVERY_FIELD} } a: ngos(limit: 100) { ${EVERY_FIELD} } }`;
    for (let ask = 0; ask < 2; ask++) {
      const { status, data, errors } = await execute("public", query);
      expect({ status, data, code: errors?.[0]?.extensions?.code }).toEqual({ status: 400, data: undefined, code: "QUERY_TOO_COSTLY" });
    }
  });

  it("shows operators every field and every state; never anyone else", async () => {
    const { data } = await execute("operator", `{ ngos(state: [draft, pending_review, archived], limit: 100) { ${EVERY_FIELD} } }`);
    const drafts = data?.ngos as Entry[];
    expect(drafts.map((e) => e.slug).sort()).toEqual(sample.filter((n) => ["draft", "pending_review", "archived"].includes(n.state)).map((n) => n.slug).sort());
    expect(drafts[0]).toMatchObject({ id: expect.stringMatching(/^ngo_/), donations_enabled: expect.any(Boolean), created_at: expect.any(String) });
    const draft = await execute("operator", `{ ngo(slug: "${SAMPLE_FIXTURES.draft}") { state } }`);
    expect(draft.data).toEqual({ ngo: { state: "draft" } });

    for (const tier of ["public", "partner"] as const) {
      for (const slug of [SAMPLE_FIXTURES.draft, SAMPLE_FIXTURES.pendingReview, SAMPLE_FIXTURES.archived]) {
        expect((await execute(tier, `{ ngo(slug: "${slug}") { slug } }`)).data).toEqual({ ngo: null });
      }
      const stats = await execute(tier, `{ stats { total by_state { state } } }`);
      const { total, by_state } = stats.data?.stats as { total: number; by_state: { state: string }[] };
      expect(total).toBe(sample.filter((n) => ["verified", "suspended", "revoked"].includes(n.state)).length);
      expect(by_state.map((s) => s.state).sort()).toEqual(["revoked", "suspended", "verified"]);
      const refused = await execute(tier, `{ ngos(state: [draft]) { slug } }`);
      expect(refused.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", arguments: [{ name: "state" }] });
    }
  });
});

describe("GraphQL query count (no N+1)", () => {
  it.each([
    ["public", 1],
    ["partner", 3],
    ["operator", 3],
  ] as const)("reads a %s list of 100 with components and history in %i queries", async (tier, queries) => {
    const connection = await (await import("@/lib/db")).getConnection();
    const spy = vi.spyOn(connection, "query");
    try {
      const { data, errors } = await execute(tier, `{ ngos(limit: 100) { ${EVERY_FIELD} } }`);
      expect(errors).toBeUndefined();
      expect(data?.ngos).toHaveLength(100);
      expect(spy).toHaveBeenCalledTimes(queries);
      spy.mockClear();
      await execute(tier, `{ ngos(limit: 1) { ${EVERY_FIELD} } }`);
      expect(spy).toHaveBeenCalledTimes(queries);
    } finally {
      spy.mockRestore();
    }
  });
});
