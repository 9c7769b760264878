// Statistics from the maintained aggregates, on a real database: for many filter combinations and
// every tier, the answer equals a recount of the entries to the byte, also while changes wait
// unfolded in ngo_stat_deltas; and verify-stats finds a damaged aggregate, which a rebuild repairs.
// The details' JSON the export reads follows the writes of components and history the same way.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECTOR_IDS } from "@/lib/registry/sectors";
import type { RegistryFilters } from "@/lib/registry/schemas";
import { SAMPLE_COUNTRIES } from "@/lib/sample/sample-places";
import { NGO_STATES, PUBLIC_STATES, TIERS, type NgoState, type Tier } from "@/lib/tiers";
import { useTestDatabase } from "../support/test-database-env";

type Modules = typeof import("@/lib/db") &
  typeof import("@/lib/explorer/get-state-timeline") &
  typeof import("@/lib/lifecycle/create-ngo") &
  typeof import("@/lib/lifecycle/transition-ngo") &
  typeof import("@/lib/registry/get-registry-stats") &
  typeof import("@/lib/registry/verify-registry-stats") &
  typeof import("@/lib/registry/rebuild-registry-stats");

let lib: Modules;
let database: Awaited<ReturnType<typeof useTestDatabase>> | undefined;

beforeAll(async () => {
  database = await useTestDatabase();
  lib = {
    ...(await import("@/lib/db")),
    ...(await import("@/lib/explorer/get-state-timeline")),
    ...(await import("@/lib/lifecycle/create-ngo")),
    ...(await import("@/lib/lifecycle/transition-ngo")),
    ...(await import("@/lib/registry/get-registry-stats")),
    ...(await import("@/lib/registry/verify-registry-stats")),
    ...(await import("@/lib/registry/rebuild-registry-stats")),
  };
});

afterAll(async () => {
  await database?.release();
});

/** A small deterministic generator (mulberry32): the same combinations at every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Scores where min_trust_score cuts a tenth, starts one, or reaches the last (90–100).
const MIN_SCORES = [0, 1, 9, 10, 45, 50, 63, 89, 90, 91, 95, 99, 100];

function combinations(tier: Tier, count: number, next: () => number): RegistryFilters[] {
  const some = <T>(values: readonly T[], most: number) => {
    const picked = values.filter(() => next() < most / values.length);
    return picked.length ? picked : [values[Math.floor(next() * values.length)]!];
  };
  const states: readonly NgoState[] = tier === "operator" ? NGO_STATES : PUBLIC_STATES;
  const countries = [...SAMPLE_COUNTRIES.map((c) => c.code), "IS"];
  const list: RegistryFilters[] = [{}, ...MIN_SCORES.map((min) => ({ min_trust_score: min }))];
  while (list.length < count) {
    const filters: RegistryFilters = {};
    if (next() < 0.5) filters.state = some(states, 2);
    if (next() < 0.5) filters.sector = some(SECTOR_IDS, 3);
    if (next() < 0.5) filters.country = some(countries, 4);
    if (next() < 0.6) filters.min_trust_score = MIN_SCORES[Math.floor(next() * MIN_SCORES.length)];
    list.push(filters);
  }
  return list;
}

async function expectEqualToRecount(count: number, seed: number) {
  const next = random(seed);
  for (const tier of TIERS) {
    for (const filters of combinations(tier, count, next)) {
      const [answer, recount] = await Promise.all([
        lib.computeRegistryStats(filters, tier),
        lib.computeRegistryStats(filters, tier, { recount: true }),
      ]);
      // Byte-identical, as the ETag of the answer depends on it.
      expect(JSON.stringify(answer), `${tier} ${JSON.stringify(filters)}`).toBe(JSON.stringify(recount));
    }
  }
}

const pendingDeltas = async () =>
  (await lib.queryRows<{ count: number }>(lib.Prisma.sql`SELECT count(*)::int AS count FROM ngo_stat_deltas`))[0]!.count;

describe("statistics from the aggregates", { timeout: 120_000 }, () => {
  it("equal a recount for every tier and many filter combinations", async () => {
    expect(await lib.verifyRegistryStats()).toEqual([]);
    await expectEqualToRecount(40, 21);
  });

  it("still equal it after writes, with changes not yet folded", async () => {
    const prisma = await lib.getPrisma();
    // Folded at once: entries move between states, scores and sectors, some are deleted.
    await prisma.$executeRaw`UPDATE ngos SET state = 'suspended' WHERE state = 'verified' AND trust_score % 7 = 0`;
    await prisma.$executeRaw`UPDATE ngos SET trust_score = (trust_score * 3 + 11) % 101 WHERE trust_score % 5 = 1`;
    await prisma.$executeRaw`UPDATE ngos SET sector_id = 'education' WHERE sector_id = 'health' AND trust_score % 3 = 0`;
    await prisma.$executeRaw`DELETE FROM ngos WHERE trust_score % 13 = 4`;
    expect(await pendingDeltas()).toBe(0);
    // Under REPEATABLE READ a writer leaves its deltas unfolded, as one does when another holds the fold.
    await prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`;
      await tx.$executeRaw`UPDATE ngos SET state = 'archived' WHERE state = 'revoked' AND trust_score % 2 = 0`;
      await tx.$executeRaw`UPDATE ngos SET trust_score = 100 WHERE trust_score BETWEEN 92 AND 94`;
      await tx.$executeRaw`DELETE FROM ngos WHERE trust_score % 17 = 3`;
    });
    expect(await pendingDeltas()).toBeGreaterThan(0);
    await expectEqualToRecount(40, 22);
    expect(await lib.verifyRegistryStats()).toEqual([]);
  });

  it("are found different where an aggregate was damaged, and equal again after a rebuild", async () => {
    const [damaged] = await lib.queryRows<{ state: string; sector: string; country: string; trust_score: number; count: number }>(lib.Prisma.sql`
      SELECT state::text, sector_id AS sector, country::text, trust_score, count FROM ngo_stats s
      WHERE count > 0
        -- A count with no change waiting (the test before leaves some unfolded): its recount is its count.
        AND NOT EXISTS (SELECT 1 FROM ngo_stat_deltas d WHERE (d.state, d.sector_id, d.country, d.trust_score) = (s.state, s.sector_id, s.country, s.trust_score))
      ORDER BY state, sector_id, country, trust_score LIMIT 1`);
    await (await lib.getPrisma()).$executeRaw`
      UPDATE ngo_stats SET count = count + 2
      WHERE state = ${damaged!.state}::ngo_state AND sector_id = ${damaged!.sector} AND country = ${damaged!.country} AND trust_score = ${damaged!.trust_score}`;
    const differences = await lib.verifyRegistryStats();
    expect(differences).toEqual([
      {
        table: "ngo_stats",
        key: { state: damaged!.state, sector: damaged!.sector, country: damaged!.country, trust_score: damaged!.trust_score },
        expected: { count: damaged!.count },
        found: { count: damaged!.count + 2 },
      },
    ]);
    await lib.rebuildRegistryStats();
    expect(await lib.verifyRegistryStats()).toEqual([]);
    expect(await pendingDeltas()).toBe(0);
    await expectEqualToRecount(10, 23);
  });

  it("are checked and repaired by db verify-stats, which exits 1 where they differed", async () => {
    await (await lib.getPrisma()).$executeRaw`
      UPDATE ngo_stat_buckets SET score_sum = score_sum + 5
      WHERE (state, sector_id, country, bucket) = (SELECT state, sector_id, country, bucket FROM ngo_stat_buckets WHERE count > 0 LIMIT 1)`;
    const { runCli } = await import("@/lib/cli/run-cli");
    const run = async (...argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runCli(argv, { out: (text) => void out.push(text), err: (text) => void err.push(text) });
      return { code, out: out.join("\n"), err: err.join("\n") };
    };
    const found = await run("db", "verify-stats");
    expect(found.code).toBe(1);
    expect(found.out).toMatch(/^TABLE +STATE +SECTOR +COUNTRY +SCORE +BUCKET +MONTH +ENTRY +EXPECTED +FOUND\nngo_stat_buckets .* - +- +\d+ \(sum (\d+)\) +\d+ \(sum \d+\)$/);
    expect(found.err).toMatch(/differ from a recount in 1 places/);
    const repaired = await run("db", "verify-stats", "--repair", "--json");
    expect(repaired.code).toBe(1);
    expect(JSON.parse(repaired.out)).toMatchObject({ equal: false, repaired: true, differences: [{ table: "ngo_stat_buckets" }] });
    expect(await run("db", "verify-stats")).toMatchObject({ code: 0, out: "The statistics' aggregates equal a recount of the entries." });
  });
});

/**
 * The timeline computed another way, from the history at each month's end: for every entry public
 * today, the state its last transition before that instant put it in.
 */
async function timelineFromHistory(months: string[]) {
  const rows = await lib.queryRows<{ ngo_id: string; to_state: string; at: Date }>(lib.Prisma.sql`
    SELECT t.ngo_id, t.to_state::text AS to_state, t.created_at AS at FROM ngo_state_transitions t
    JOIN ngos n ON n.id = t.ngo_id AND n.state = ANY(${[...PUBLIC_STATES]}::ngo_state[])
    ORDER BY t.ngo_id, t.created_at, t.id`);
  const histories = new Map<string, { to_state: string; at: number }[]>();
  for (const row of rows) histories.set(row.ngo_id, [...(histories.get(row.ngo_id) ?? []), { to_state: row.to_state, at: new Date(row.at).getTime() }]);
  return months.map((month) => {
    const [year, number] = month.split("-").map(Number) as [number, number];
    const end = Date.UTC(year, number, 1);
    const point = { month, verified: 0, suspended: 0, revoked: 0 };
    for (const history of histories.values()) {
      const state = history.filter((t) => t.at < end).at(-1)?.to_state;
      if (state === "verified" || state === "suspended" || state === "revoked") point[state]++;
    }
    return point;
  });
}

async function expectTimelineFromHistory() {
  const timeline = await lib.getStateTimeline();
  expect(timeline).toHaveLength(12);
  expect(timeline).toEqual(await timelineFromHistory(timeline.map((p) => p.month)));
  expect((await lib.verifyRegistryStats()).filter((d) => d.table === "ngo_state_months")).toEqual([]);
  return timeline;
}

describe("the state timeline from its aggregate", { timeout: 120_000 }, () => {
  const actor = { id: "key_timeline_test", name: "Timeline test" };
  const slugIn = async (state: string, skip = 0) =>
    (await lib.queryRows<{ slug: string }>(lib.Prisma.sql`SELECT slug FROM ngos WHERE state = ${state}::ngo_state ORDER BY slug OFFSET ${skip} LIMIT 1`))[0]!.slug;

  it("equals the history read at each month's end, after the load and the writes above", async () => {
    const timeline = await expectTimelineFromHistory();
    expect(timeline.at(-1)!.verified).toBeGreaterThan(0);
  });

  it("follows transitions in and out of public states, new entries, and entries deleted while public", async () => {
    const move = (slug: string, to: string) => lib.transitionNgo(slug, { to, reason: "timeline test" }, actor);
    await move(await slugIn("pending_review"), "verified"); // hidden to public: its whole history counts
    const suspended = await slugIn("verified");
    await move(suspended, "suspended");
    await move(suspended, "verified");
    await move(await slugIn("verified", 1), "archived"); // public to hidden: its whole history goes
    await move(await slugIn("revoked"), "pending_review");
    const created = await lib.createNgo({ name: "Timeline Test Relief", sector: "health", country: "KE" }, actor);
    await move(created.ngo.slug, "pending_review");
    await move(created.ngo.slug, "verified");
    await (await lib.getPrisma()).$executeRaw`DELETE FROM ngos WHERE slug = ${await slugIn("suspended")}`;
    const timeline = await expectTimelineFromHistory();
    expect(await lib.verifyRegistryStats()).toEqual([]);
    expect(timeline.at(-1)!.verified).toBeGreaterThan(0);
  });

  it("is found different where its aggregate was damaged, and equal again after a rebuild", async () => {
    const [damaged] = await lib.queryRows<{ month: string; state: string; count: number }>(lib.Prisma.sql`
      SELECT to_char(month, 'YYYY-MM') AS month, state::text AS state, count FROM ngo_state_months WHERE count <> 0 ORDER BY month DESC LIMIT 1`);
    await (await lib.getPrisma()).$executeRaw`UPDATE ngo_state_months SET count = count + 3 WHERE to_char(month, 'YYYY-MM') = ${damaged!.month} AND state = ${damaged!.state}::ngo_state`;
    expect(await lib.verifyRegistryStats()).toEqual([
      { table: "ngo_state_months", key: { state: damaged!.state, month: damaged!.month }, expected: { count: damaged!.count }, found: { count: damaged!.count + 3 } },
    ]);
    await lib.rebuildRegistryStats();
    await expectTimelineFromHistory();
  });
});

// Last: it deletes history from entries that stay, which the state timeline leaves to a rebuild.
describe("each entry's details' JSON", { timeout: 120_000 }, () => {
  it("follows every kind of write of its components and history, and is found different and rebuilt where damaged", async () => {
    const prisma = await lib.getPrisma();
    const ids = (await lib.queryRows<{ id: string }>(lib.Prisma.sql`
      SELECT n.id FROM ngos n WHERE EXISTS (SELECT 1 FROM trust_score_components c WHERE c.ngo_id = n.id) ORDER BY n.id LIMIT 4`)).map((r) => r.id);
    const [a, b, c, d] = ids as [string, string, string, string];
    await prisma.$executeRaw`UPDATE trust_score_components SET score = (score + 7) % 101, source = ${'a "quoted" source \\ with a\nnewline'} WHERE ngo_id = ${a}`;
    await prisma.$executeRaw`DELETE FROM trust_score_components WHERE ngo_id = ${b} AND component = 'freshness'`;
    await prisma.$executeRaw`DELETE FROM trust_score_components WHERE ngo_id = ${c}`;
    await prisma.$executeRaw`DELETE FROM ngo_state_transitions WHERE ngo_id = ${c}`;
    await prisma.$executeRaw`INSERT INTO ngo_state_transitions (id, ngo_id, from_state, to_state, actor, reason, created_at)
      VALUES ('tr_details_json_probe', ${d}, NULL, 'draft', 'operator:ünïcode', 'tab\there', now())`;
    // One statement across several entries, and components moved from one entry to another.
    await prisma.$executeRaw`UPDATE trust_score_components SET weight = weight WHERE ngo_id = ANY(${ids}::text[])`;
    await prisma.$executeRaw`UPDATE trust_score_components SET ngo_id = ${c} WHERE ngo_id = ${b} AND component = 'verification'`;
    // (History deleted from an entry that stays is the one write the state timeline leaves to a
    // rebuild: see its migration. The rebuild below makes everything equal again.)
    const detailsDifferences = async () => (await lib.verifyRegistryStats()).filter((x) => x.table === "ngo_details_json");
    expect(await detailsDifferences()).toEqual([]);
    const rows = await lib.queryRows<{ ngo_id: string; components: string; state_history: string }>(lib.Prisma.sql`
      SELECT ngo_id, components, state_history FROM ngo_details_json WHERE ngo_id = ANY(${ids}::text[]) ORDER BY ngo_id`);
    expect(JSON.parse(`[${rows.find((r) => r.ngo_id === a)!.components}]`)[0].source).toBe('a "quoted" source \\ with a\nnewline');
    expect(JSON.parse(`[${rows.find((r) => r.ngo_id === c)!.components}]`).map((x: { component: string }) => x.component)).toEqual(["verification"]);
    expect(JSON.parse(`[${rows.find((r) => r.ngo_id === d)!.state_history}]`).at(-1)).toMatchObject({ from: null, to: "draft", actor: "operator:ünïcode", reason: "tab\there" });

    await prisma.$executeRaw`UPDATE ngo_details_json SET components = '' WHERE ngo_id = ${a}`;
    await prisma.$executeRaw`DELETE FROM ngo_details_json WHERE ngo_id = ${d}`;
    const differences = await detailsDifferences();
    expect(differences.map((x) => [x.table, x.key.ngo_id, x.found.count === 0])).toEqual([
      ["ngo_details_json", a, false],
      ["ngo_details_json", d, true],
    ]);
    await lib.rebuildRegistryStats();
    expect(await lib.verifyRegistryStats()).toEqual([]);
  });
});
