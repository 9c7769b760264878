// The tier projection at the domain boundary, on a real database: what partner and operator
// callers get from the same functions the REST handlers call. (Over HTTP every caller is public
// until API keys exist.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSampleRegistry, SAMPLE_FIXTURES } from "@/lib/sample/generate-sample-registry";
import { useTestDatabase } from "../support/test-database-env";

type Registry = {
  db: typeof import("@/lib/db");
  listNgos: typeof import("@/lib/registry/list-ngos").listNgos;
  getNgoOrThrow: typeof import("@/lib/registry/get-ngo").getNgoOrThrow;
  computeRegistryStats: typeof import("@/lib/registry/get-registry-stats").computeRegistryStats;
};

const sample = generateSampleRegistry({ count: 500 });
let registry: Registry;
let database: Awaited<ReturnType<typeof useTestDatabase>> | undefined;

beforeAll(async () => {
  database = await useTestDatabase();
  registry = {
    db: await import("@/lib/db"),
    ...(await import("@/lib/registry/list-ngos")),
    ...(await import("@/lib/registry/get-ngo")),
    ...(await import("@/lib/registry/get-registry-stats")),
  };
});

afterAll(async () => {
  await database?.release();
});

describe("registry tiers on a real database", () => {
  it("gives partners provenance, history and registration data, but no operator fields", async () => {
    const entry = await registry.getNgoOrThrow(SAMPLE_FIXTURES.donationDemo, "partner");
    const truth = sample.find((n) => n.slug === SAMPLE_FIXTURES.donationDemo)!;
    expect(entry.legal_name).toBe(truth.legal_name);
    expect(entry.trust?.score).toBe(truth.trust_score);
    expect(entry.trust?.components).toHaveLength(truth.components.length);
    expect(entry.trust?.components.reduce((sum, c) => sum + c.weight, 0)).toBe(10_000);
    expect(entry.state_history?.at(-1)?.to).toBe("verified");
    expect(entry).not.toHaveProperty("id");
    expect(entry).not.toHaveProperty("donations_enabled");
    await expect(registry.getNgoOrThrow(SAMPLE_FIXTURES.draft, "partner")).rejects.toMatchObject({ status: 404 });
  });

  it("lists a partner page with components and history for every entry", async () => {
    const page = await registry.listNgos({ limit: 100 }, "partner");
    expect(page.data).toHaveLength(100);
    for (const entry of page.data) {
      expect(entry.trust?.components.length).toBeGreaterThan(0);
      expect(entry.state_history?.length).toBeGreaterThan(0);
      expect(["verified", "suspended", "revoked"]).toContain(entry.state);
    }
  });

  it("shows operators every state, drafts included, and every field", async () => {
    const drafts = await registry.listNgos({ state: ["draft", "pending_review"], limit: 100 }, "operator");
    const expected = sample.filter((n) => n.state === "draft" || n.state === "pending_review");
    expect(drafts.data.map((e) => e.slug).sort()).toEqual(expected.map((n) => n.slug).sort().slice(0, 100));
    const draft = await registry.getNgoOrThrow(SAMPLE_FIXTURES.draft, "operator");
    expect(draft).toMatchObject({ state: "draft", verified_at: null, id: expect.stringMatching(/^ngo_/) });
    expect(draft).toHaveProperty("donations_enabled");
    expect(draft).toHaveProperty("created_at");
    const stats = await registry.computeRegistryStats({}, "operator");
    expect(stats.total).toBe(sample.length);
    expect(stats.by_state.map((s) => s.state).sort()).toEqual(["archived", "draft", "pending_review", "revoked", "suspended", "verified"]);
  });

  it("walks the operator's whole registry by verified_at, NULLs included, without gaps", async () => {
    for (const sort of ["verified_at", "-verified_at"] as const) {
      const slugs: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await registry.listNgos({ sort, limit: 33, cursor }, "operator");
        slugs.push(...page.data.map((e) => e.slug));
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      expect(slugs).toHaveLength(sample.length);
      expect(new Set(slugs).size).toBe(sample.length);
    }
  });

  it("keeps public callers to public states and fields", async () => {
    await expect(registry.listNgos({ state: ["draft"] }, "public")).rejects.toMatchObject({ status: 400 });
    const stats = await registry.computeRegistryStats({}, "public");
    expect(stats.total).toBe(sample.filter((n) => ["verified", "suspended", "revoked"].includes(n.state)).length);
    const entry = await registry.getNgoOrThrow(SAMPLE_FIXTURES.donationDemo, "public");
    expect(entry).not.toHaveProperty("trust");
    expect(entry).not.toHaveProperty("legal_name");
  });

  it("orders the public's search by what the public sees: a legal name moves nothing", async () => {
    // Two entries alike in every public field, the search word also in one's legal name. Trading
    // the legal names must leave the public's order as it was; a partner's follows them.
    const { Prisma, queryRows } = registry.db;
    const legal = { a: "Zephyrquill Relief (gemeinnützig)", b: "Hilfswerk Leipzig (gemeinnützig)" };
    const insert = (id: string, legalName: string) => Prisma.sql`
      (${id}, ${id.replace(/_/g, "-")}, 'Zephyrquill Relief', ${legalName}, 'DE-VR 4242', 'DE', 'Leipzig',
       'health', 'Zephyrquill Relief helps in Leipzig.', 'verified', 50, 'test', now())`;
    await queryRows(Prisma.sql`
      INSERT INTO ngos (id, slug, name, legal_name, registration_number, country, city, sector_id, description, state,
                        trust_score, trust_methodology, trust_as_of)
      VALUES ${insert("zq_a", legal.a)}, ${insert("zq_b", legal.b)}`);
    const order = async (tier: "public" | "partner") =>
      (await registry.listNgos({ q: "zephyrquill" }, tier)).data.map((e) => e.slug);
    try {
      const before = { public: await order("public"), partner: await order("partner") };
      expect(before.partner).toEqual(["zq-a", "zq-b"]);
      await queryRows(Prisma.sql`
        UPDATE ngos SET legal_name = CASE id WHEN 'zq_a' THEN ${legal.b} ELSE ${legal.a} END WHERE id IN ('zq_a', 'zq_b')`);
      expect(await order("partner")).toEqual(["zq-b", "zq-a"]);
      expect(await order("public")).toEqual(before.public);
    } finally {
      await queryRows(Prisma.sql`DELETE FROM ngos WHERE id IN ('zq_a', 'zq_b')`);
    }
  });
});
