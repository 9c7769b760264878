import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "@/lib/db/apply-migrations";
import type { Connection } from "@/lib/db/connection";
import { SAMPLE_FIXTURES, generateSampleRegistry } from "@/lib/sample/generate-sample-registry";
import { copySampleRegistry } from "@/lib/sample/copy-sample-registry";
import { seedSampleRegistry } from "@/lib/sample/seed-sample-registry";
import { openTestConnection } from "../support/test-connection";

// The sample seeder against a real database of its own (embedded, or PostgreSQL with
// TEST_DATABASE=postgres), in-process without the app: the SQL, the casts and the search trigger
// are what this test is about. On PostgreSQL, the COPY loader too, against the batched one.
let connection: Connection;
let release: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ connection, release } = await openTestConnection());
  await applyMigrations(connection);
});

afterAll(async () => {
  await release?.();
});

type Row = Record<string, unknown>;

// The seeder rebuilds indexes and foreign keys after loading: they must come back as they were,
// and those of other tables that point at entries stay as they are.
async function schemaShape(): Promise<Row[]> {
  return connection.prisma.$queryRaw<Row[]>`
    WITH loaded (t) AS (
      VALUES ('"ngos"'::regclass), ('"trust_score_components"'::regclass), ('"ngo_state_transitions"'::regclass), ('"ngo_details_json"'::regclass)
    )
    SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition FROM pg_index
    WHERE indrelid IN (SELECT t FROM loaded)
    UNION ALL
    SELECT conname, pg_get_constraintdef(oid) || ' ' || convalidated::text FROM pg_constraint
    WHERE conrelid IN (SELECT t FROM loaded) OR confrelid IN (SELECT t FROM loaded)
    UNION ALL
    SELECT tgname::text, pg_get_triggerdef(oid) || ' ' || tgenabled::text FROM pg_trigger
    WHERE NOT tgisinternal AND tgrelid IN (SELECT t FROM loaded)
    ORDER BY 1, 2`;
}

// The aggregates as a reader sees them (totals plus deltas not yet folded), and as a recount of
// the entries and a replay of their history make them: equal whenever the aggregates are exact.
// With them the details' JSON, as stored and as the database renders it (the COPY load writes it
// in Node: lib/registry/details-json.ts).
async function aggregates(): Promise<{ read: Row[]; recounted: Row[] }> {
  const read = await connection.prisma.$queryRaw<Row[]>`
    SELECT 'stats' AS kind, jsonb_build_array(state, sector_id, country, trust_score, sum(count)::int) AS row FROM (
      SELECT state, sector_id, country, trust_score, count FROM ngo_stats
      UNION ALL SELECT state, sector_id, country, trust_score, count FROM ngo_stat_deltas
    ) s GROUP BY state, sector_id, country, trust_score HAVING sum(count) <> 0
    UNION ALL
    SELECT 'buckets', jsonb_build_array(state, sector_id, country, bucket, sum(count)::int, sum(score_sum)::bigint) FROM (
      SELECT state, sector_id, country, bucket, count, score_sum FROM ngo_stat_buckets
      UNION ALL SELECT state, sector_id, country, LEAST(trust_score / 10, 9), count, count::bigint * trust_score FROM ngo_stat_deltas
    ) b GROUP BY state, sector_id, country, bucket HAVING sum(count) <> 0
    UNION ALL
    SELECT 'months', jsonb_build_array(month, state, sum(count)::int) FROM (
      SELECT month, state, count FROM ngo_state_months UNION ALL SELECT month, state, count FROM ngo_state_month_deltas
    ) m GROUP BY month, state HAVING sum(count) <> 0
    UNION ALL
    SELECT 'details', jsonb_build_array(ngo_id, components, state_history) FROM ngo_details_json WHERE components <> '' OR state_history <> ''
    ORDER BY 1, 2`;
  const recounted = await connection.prisma.$queryRaw<Row[]>`
    SELECT 'stats' AS kind, jsonb_build_array(state, sector_id, country, trust_score, count(*)::int) AS row FROM ngos
    GROUP BY state, sector_id, country, trust_score
    UNION ALL
    SELECT 'buckets', jsonb_build_array(state, sector_id, country, LEAST(trust_score / 10, 9), count(*)::int, sum(trust_score)::bigint) FROM ngos
    GROUP BY state, sector_id, country, LEAST(trust_score / 10, 9)
    UNION ALL
    SELECT 'months', jsonb_build_array(month, state, count) FROM ngo_state_months_replay()
    UNION ALL
    SELECT 'details', jsonb_build_array(ngo_id, components, state_history) FROM ngo_details_json_source WHERE components <> '' OR state_history <> ''
    ORDER BY 1, 2`;
  return { read, recounted };
}

describe("seedSampleRegistry", () => {
  it("loads exactly what the generator produces, and the trigger indexes it for search", async () => {
    const shape = await schemaShape();
    const loaded = await seedSampleRegistry(connection.prisma, { count: 120, seed: "seed-test" });
    const expected = generateSampleRegistry({ count: 120, seed: "seed-test" });
    expect(loaded).toEqual({
      ngos: 120,
      components: 600,
      transitions: expected.reduce((sum, n) => sum + n.transitions.length, 0),
    });

    const demo = expected.find((n) => n.slug === SAMPLE_FIXTURES.donationDemo)!;
    const [row] = await connection.prisma.$queryRaw<Row[]>`
      SELECT id, state::text, trust_score, verified_at, donations_enabled, website FROM ngos WHERE slug = ${demo.slug}`;
    expect(row).toEqual({
      id: demo.id,
      state: "verified",
      trust_score: demo.trust_score,
      verified_at: demo.verified_at,
      donations_enabled: true,
      website: demo.website,
    });

    const components = await connection.prisma.$queryRaw<Row[]>`
      SELECT component, score, weight, to_char(evidence_date, 'YYYY-MM-DD') AS evidence_date, source
      FROM trust_score_components WHERE ngo_id = ${demo.id} ORDER BY weight DESC`;
    expect(components).toEqual(
      demo.components.map(({ component, score, weight, evidence_date, source }) => ({
        component, score, weight, evidence_date: evidence_date.toISOString().slice(0, 10), source,
      })),
    );

    const [found] = await connection.prisma.$queryRaw<Row[]>`
      SELECT slug FROM ngos WHERE public_search_vector @@ to_tsquery('simple', registry_fold('Sao & Paulo'))
      AND slug = ${SAMPLE_FIXTURES.accented}`;
    expect(found).toEqual({ slug: SAMPLE_FIXTURES.accented });
    expect(await schemaShape()).toEqual(shape);
  });

  it("replaces the registry on reset, and leaves it untouched when a load fails", async () => {
    await seedSampleRegistry(connection.prisma, { count: 50, seed: "other", reset: true });
    const count = async () =>
      (await connection.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM ngos`)[0]!.n;
    expect(await count()).toBe(50);

    // Without reset, the same seed collides with itself: the whole load rolls back.
    const shape = await schemaShape();
    await expect(seedSampleRegistry(connection.prisma, { count: 50, seed: "other" })).rejects.toThrow();
    expect(await count()).toBe(50);
    expect(await schemaShape()).toEqual(shape);
  });
});

// Every column of the three tables, search vectors included, in a stable order.
async function registryRows(): Promise<Row[]> {
  return connection.prisma.$queryRaw<Row[]>`
    SELECT 'ngo' AS kind, to_jsonb(n) - 'version' AS row FROM ngos n
    UNION ALL SELECT 'component', to_jsonb(c) - 'id' FROM trust_score_components c
    UNION ALL SELECT 'transition', to_jsonb(t) FROM ngo_state_transitions t
    ORDER BY 1, 2`;
}

describe.runIf(process.env.TEST_DATABASE === "postgres")("copySampleRegistry (PostgreSQL)", () => {

  it("loads through COPY exactly the rows the batched loader writes, search vectors and all", async () => {
    const shape = await schemaShape();
    const batched = await seedSampleRegistry(connection.prisma, { count: 1200, seed: "copy-test", reset: true });
    const expected = await registryRows();
    const counted = await aggregates();
    expect(counted.read).toEqual(counted.recounted);
    const copied = await copy({ count: 1200, seed: "copy-test", reset: true });
    expect(copied).toEqual(batched);
    expect(await registryRows()).toEqual(expected);
    expect(await schemaShape()).toEqual(shape);
    // Counted once at the end, not by the triggers: the same aggregates as the batched load's.
    expect(await aggregates()).toEqual(counted);

    const [found] = await connection.prisma.$queryRaw<Row[]>`
      SELECT slug FROM ngos WHERE public_search_vector @@ to_tsquery('simple', registry_fold('Sao & Paulo'))
      AND slug = ${SAMPLE_FIXTURES.accented}`;
    expect(found).toEqual({ slug: SAMPLE_FIXTURES.accented });
  });

  it("counts the entries already there and the new ones alike, and leaves the triggers on for every other writer", async () => {
    await copy({ count: 1000, seed: "copy-before", reset: true });
    // Another seed's names (and so slugs) may repeat these: make way for them.
    await connection.prisma.$executeRaw`UPDATE ngos SET slug = slug || '-before'`;
    const loaded = await copy({ count: 1000, seed: "copy-after" });
    expect(loaded.ngos).toBe(1000);
    const both = await aggregates();
    expect(both.read).toEqual(both.recounted);
    expect(both.read.filter((r) => r.kind === "months").length).toBeGreaterThan(12);

    // An ordinary write after the load is counted by the triggers as before.
    await connection.prisma.$executeRaw`
      UPDATE ngos SET state = 'revoked' WHERE id = (SELECT id FROM ngos WHERE state = 'verified' ORDER BY id LIMIT 1)`;
    await connection.prisma.$executeRaw`
      INSERT INTO ngo_state_transitions (id, ngo_id, from_state, to_state, actor, reason, created_at)
      SELECT 'transition-after-load', id, 'verified', 'revoked', 'test', 'test', now() FROM ngos WHERE state = 'revoked' ORDER BY id LIMIT 1`;
    const after = await aggregates();
    expect(after.read).toEqual(after.recounted);
    expect(after.read).not.toEqual(both.read);
  });

  it("leaves the registry as it was when a COPY fails", async () => {
    await copy({ count: 1100, seed: "copy-fail", reset: true });
    const before = await registryRows();
    const shape = await schemaShape();
    // The same seed again without reset: its ids are taken.
    await expect(copy({ count: 1100, seed: "copy-fail" })).rejects.toThrow(/duplicate key/);
    expect(await registryRows()).toEqual(before);
    expect(await schemaShape()).toEqual(shape);
    expect(await shadowTables()).toEqual([]);
  });

  // The load swaps tables of its own in for the live ones (lib/db/swap-tables.ts): what the
  // schema hangs off them comes back, and a part the swap cannot make again fails the load.
  it("keeps the tables' grants and comments, and fails whole rather than lose a part of the schema", async () => {
    await copy({ count: 300, seed: "copy-swap", reset: true });
    await connection.prisma.$executeRawUnsafe(`COMMENT ON TABLE ngos IS 'the registry''s entries'`);
    await connection.prisma.$executeRawUnsafe(`GRANT SELECT ON ngos TO PUBLIC`);
    try {
      const shape = await schemaShape();
      await copy({ count: 300, seed: "copy-swap-2", reset: true });
      expect(await schemaShape()).toEqual(shape);
      const [kept] = await connection.prisma.$queryRaw<Row[]>`
        SELECT obj_description('ngos'::regclass, 'pg_class') AS comment, has_table_privilege('public', 'ngos', 'SELECT') AS readable`;
      expect(kept).toEqual({ comment: "the registry's entries", readable: true });

      // Row security is not something the swap makes again.
      await connection.prisma.$executeRawUnsafe(`CREATE POLICY test_only ON ngos USING (true)`);
      const before = await registryRows();
      await expect(copy({ count: 300, seed: "copy-swap-3", reset: true })).rejects.toThrow(/shape would change.*policy/);
      expect(await registryRows()).toEqual(before);
      expect(await shadowTables()).toEqual([]);
    } finally {
      await connection.prisma.$executeRawUnsafe(`DROP POLICY IF EXISTS test_only ON ngos`);
      await connection.prisma.$executeRawUnsafe(`REVOKE SELECT ON ngos FROM PUBLIC`);
      await connection.prisma.$executeRawUnsafe(`COMMENT ON TABLE ngos IS NULL`);
    }
  });
});

describe.runIf(process.env.TEST_DATABASE === "postgres")("copySampleRegistry beside other writers (PostgreSQL)", () => {
  // A writer holding one of the tables the swap locks, then asking for another it holds already:
  // the server fails one side of the deadlock. When that is the swap, it tries again.
  it("swaps its tables in again when a deadlock with a writer fails the swap", async () => {
    await copy({ count: 200, seed: "deadlock-before", reset: true });
    await connection.session(async (writer) => {
      // The writer never looks for the deadlock itself (the swap's wait is the one to notice it).
      await writer.query(`BEGIN`);
      await writer.query(`SET LOCAL deadlock_timeout = '60s'`);
      await writer.query(`LOCK TABLE donation_intents IN ROW EXCLUSIVE MODE`);
      const loading = copy({ count: 200, seed: "deadlock-after", reset: true });
      loading.catch(() => {});
      await until(async () => {
        const [waiting] = await connection.prisma.$queryRaw<{ n: number }[]>`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'LOCK TABLE%'`;
        return waiting!.n > 0;
      });
      // Granted once the swap gives up its locks; before that, the deadlock.
      await writer.query(`LOCK TABLE ngos IN ROW SHARE MODE`);
      await writer.query(`COMMIT`);
      await expect(loading).resolves.toMatchObject({ ngos: 200 });
    });
    const [row] = await connection.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM ngos`;
    expect(row!.n).toBe(200);
    expect(await shadowTables()).toEqual([]);
  });
});

async function copy(options: Parameters<typeof copySampleRegistry>[1]) {
  return copySampleRegistry(connection, options);
}

async function until(condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A load's own tables, left only by a load that was killed (lib/db/swap-tables.ts). */
async function shadowTables(): Promise<Row[]> {
  return connection.prisma.$queryRaw<Row[]>`SELECT relname FROM pg_class WHERE relname LIKE 'tr\_load\_%'`;
}
