// The statistics' aggregates stay exact under a mixed workload of concurrent writes: API creates,
// profile and score changes and transitions through the app, plus an `ngos import` of the CLI;
// afterwards `db verify-stats` finds no difference from a recount. On PostgreSQL
// (TEST_DATABASE=postgres) the import runs while the API writes go on; the embedded database
// admits one process at a time, so there the import runs before the app starts.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECTOR_IDS } from "@/lib/registry/sectors";
import { NGO_STATES } from "@/lib/tiers";
import { startApp, type StartedApp } from "../support/app";
import { createKeys } from "../support/app-with-keys";
import { callApi } from "../support/call-api";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { freshEmbeddedDataDir } from "../support/embedded-template";
import { inParallel } from "../support/in-parallel";
import { PATH_TO_STATE } from "../support/path-to-state";
import { embeddedEnv, runCli } from "../support/run-cli";

const onPostgres = process.env.TEST_DATABASE === "postgres";
const COUNTRIES = ["KE", "BR", "DE", "IN", "FR"];
let dir: string;
let database: TestDatabase | undefined;
let env: Record<string, string>;
let operatorKey: string;
let app: StartedApp | undefined;

beforeAll(async () => {
  dir = freshEmbeddedDataDir("tr-stats-writes-");
  database = onPostgres ? await createTestDatabase() : undefined;
  env = database ? database.env : embeddedEnv(dir);
  operatorKey = (await createKeys({ operator: { name: "Stats desk", kind: "secret", tier: "operator" } }, env)).operator.key;
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Entry = { slug: string; state: string };
const call = (method: string, route: string, body?: object, headers: Record<string, string> = {}) =>
  callApi<{ data: Entry }>(`${app!.url}${route}`, method, { body, headers: { Authorization: `Bearer ${operatorKey}`, ...headers } });

const pick = <T>(values: readonly T[], i: number) => values[i % values.length]!;
const components = (score: number) => [{ component: "verification", score, weight: 10_000, evidence_date: "2026-06-01", source: "test" }];

/** 300 rows: 250 new entries, 50 changes to sample entries' sector and country (by slug). */
function importFile(slugs: readonly string[]): string {
  const lines = ["name,slug,sector,country,registration_number,city"];
  for (let i = 0; i < 250; i++) lines.push(`Stats Import ${i},,${pick(SECTOR_IDS, i)},${pick(COUNTRIES, i)},STATS-${i},Nairobi`);
  for (const [i, slug] of slugs.slice(0, 50).entries()) lines.push(`Renamed ${i},${slug},${pick(SECTOR_IDS, i + 3)},${pick(COUNTRIES, i + 1)},,Lyon`);
  const file = path.join(dir, "stats-import.csv");
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

/** Creates entries, then moves, rescores and re-files them and sample entries, many at once. */
async function apiWorkload(sampleSlugs: readonly string[]): Promise<void> {
  const created: string[] = [];
  await inParallel(Array.from({ length: 40 }, (_, i) => i), 8, async (i) => {
    const answer = await call("POST", "/api/v1/ngos", {
      name: `Stats Writer ${i}`, sector: pick(SECTOR_IDS, i), country: pick(COUNTRIES, i), trust_components: components((i * 37) % 101),
    });
    expect(answer.status).toBe(201);
    created.push(answer.body.data.slug);
  });
  const moves = created.map((slug, i) => async () => {
    for (const to of PATH_TO_STATE[pick(NGO_STATES, i)]) await call("POST", `/api/v1/ngos/${slug}/transitions`, { to, reason: "stats workload" });
  });
  const changes = [...created, ...sampleSlugs.slice(50, 90)].map((slug, i) => async () => {
    const current = await call("GET", `/api/v1/ngos/${slug}`);
    const etag = current.headers.get("etag") ?? "";
    const answer = await call("PATCH", `/api/v1/ngos/${slug}`, { sector: pick(SECTOR_IDS, i + 5), country: pick(COUNTRIES, i + 2), trust_components: components((i * 53) % 101) }, { "If-Match": etag });
    // A transition of the same entry may come first: its new version refuses this If-Match.
    expect([200, 412]).toContain(answer.status);
  });
  const suspensions = sampleSlugs.slice(90, 120).map((slug) => async () => {
    const answer = await call("POST", `/api/v1/ngos/${slug}/transitions`, { to: "suspended", reason: "stats workload" });
    expect([200, 409]).toContain(answer.status);
  });
  // Interleaved, so that transitions, changes and suspensions overlap.
  const tasks = Array.from({ length: changes.length }, (_, i) => [moves[i], changes[i], suspensions[i]]).flat().filter((t) => t !== undefined);
  await inParallel(tasks, 8, (task) => task());
}

describe("the statistics' aggregates under concurrent writes", { timeout: 240_000 }, () => {
  it("equal a recount after API writes and an import, as db verify-stats says", async () => {
    const importer = (file: string) => runCli(["ngos", "import", file, "--json"], env);
    let imported: Promise<Awaited<ReturnType<typeof importer>>> | undefined;
    // Sample entries to change: the public ones the API lists first (verified, so they can be suspended).
    const slugsOf = async () => {
      const page = await callApi<{ data: Entry[] }>(`${app!.url}/api/registry/ngos?state=verified&limit=100&sort=name`, "GET");
      return page.body.data.map((e) => e.slug);
    };
    if (onPostgres) {
      app = await startApp({ env });
      const slugs = await slugsOf();
      imported = importer(importFile(slugs));
      await apiWorkload(slugs);
    } else {
      app = await startApp({ env, dataDir: dir });
      const slugs = await slugsOf();
      await app.stop();
      imported = importer(importFile(slugs));
      await imported;
      app = await startApp({ env, dataDir: dir });
      await apiWorkload(slugs);
      await app.stop();
    }
    const summary = JSON.parse((await imported).stdout) as { created: number; updated: number; failed: number };
    expect(summary).toMatchObject({ created: 250, updated: 50, failed: 0 });

    const verified = await runCli(["db", "verify-stats", "--json"], env);
    expect(JSON.parse(verified.stdout)).toEqual({ equal: true, differences: [], repaired: false });
    expect(verified.code).toBe(0);
  });
});
