// `ngos import` writes the same registry through either path: COPY and set-based statements on
// PostgreSQL, a few statements a batch on the embedded database. The same files (creations, slug
// collisions, a key repeated within the file, updates, unchanged rows, bad rows) go through the
// CLI into both, and the entries, their score components, history, search vectors and events
// must match, ids and times aside. PostgreSQL only: it is the COPY path that is on trial.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "@/lib/config";
import { Prisma } from "@/lib/db";
import { openConnection } from "@/lib/db/connection";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { emptyEmbeddedDataDir } from "../support/embedded-template";
import { embeddedEnv, runCli } from "../support/run-cli";

const onPostgres = process.env.TEST_DATABASE === "postgres";
let database: TestDatabase;
let dataDir: string;
let fileDir: string;

beforeAll(async () => {
  if (!onPostgres) return;
  database = await createTestDatabase({ seed: false });
  dataDir = emptyEmbeddedDataDir("tr-import-paths-");
  fileDir = fs.mkdtempSync(path.join(os.tmpdir(), "tr-import-files-"));
});

afterAll(async () => {
  await database?.drop();
  for (const dir of [dataDir, fileDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const component = (name: string, score: number, weight?: number) => ({ component: name, score, weight, evidence_date: "2026-06-30", source: "audit 2025" });
const scored = (verification: number) => [component("verification", verification, 6000), component("governance", 70, 4000)];
const base = { sector: "health", country: "KE" };

const FIRST = [
  { ...base, name: "Zq Compare Alpha", registration_number: "ZQ-1", city: "Nairobi", trust_components: scored(80) },
  { ...base, name: "Zq Compare Alpha", registration_number: "ZQ-2", website: "https://alpha.example.org" },
  { ...base, name: "Zq Compare Beta", slug: "zq-beta", country: "NG", description: "Clean water\tand\\schools" },
  { name: "", sector: "nope", country: "KE" },
  "not json",
  { ...base, name: "Zq Compare Gamma", registration_number: "ZQ-3", founded_year: 1990 },
  { ...base, name: "Zq Compare Gamma Renamed", registration_number: "ZQ-3", city: "Mombasa" },
  { ...base, name: "Zq Compare Alpha", country: "GH" },
  { ...base, name: "Zq Compare Delta", slug: "zq-delta", donations_enabled: true },
  // Its fields are valid, its weights do not add up: named by field like the others.
  { ...base, name: "Zq Bad Weights", registration_number: "ZQ-9", trust_components: [component("verification", 50)] },
];

const SECOND = [
  { ...base, name: "Zq Compare Gamma Renamed", registration_number: "ZQ-3" },
  { ...base, name: "Zq Compare Alpha", registration_number: "ZQ-1", city: "Nairobi", trust_components: scored(40) },
  { ...base, name: "Zq Compare Beta", slug: "zq-beta", city: "Lagos", trust_components: scored(90) },
  { ...base, registration_number: "ZQ-2", name: "Zq Compare Alpha", website: null, founded_year: 2001 },
  { ...base, name: "Zq Compare Delta", slug: "zq-delta", donations_enabled: true },
  { ...base, name: "Zq New", slug: "zq-new", sector: "education", founded_year: 3000 },
  { ...base, name: "Zq New", slug: "zq-new", sector: "education" },
];

function writeFile(name: string, rows: unknown[]): string {
  const file = path.join(fileDir, name);
  fs.writeFileSync(file, rows.map((row) => (typeof row === "string" ? row : JSON.stringify(row))).join("\n"));
  return file;
}

/** What both paths must agree on, ids and times left out, in a stable order. */
async function registryState(env: Record<string, string>) {
  const connection = await openConnection(readConfig({ ...process.env, SERVER_SECRET: "import-paths-test-secret-0123456789abcdef", ...env }));
  try {
    const q = <T,>(sql: string) => connection.query<T>(Prisma.raw(sql));
    const entries = await q(`SELECT slug, name, legal_name, registration_number, country::text, city, sector_id, website, description,
      founded_year, donations_enabled, state::text, trust_score, trust_methodology, version, public_search_vector::text AS public_vector,
      full_search_vector::text AS full_vector FROM ngos WHERE slug LIKE 'zq-%' ORDER BY slug`);
    const components = await q(`SELECT n.slug, c.component, c.score, c.weight, c.evidence_date::text AS evidence_date, c.source
      FROM trust_score_components c JOIN ngos n ON n.id = c.ngo_id WHERE n.slug LIKE 'zq-%' ORDER BY n.slug, c.component`);
    const history = await q(`SELECT n.slug, t.from_state::text, t.to_state::text, t.actor, t.reason
      FROM ngo_state_transitions t JOIN ngos n ON n.id = t.ngo_id WHERE n.slug LIKE 'zq-%' ORDER BY n.slug, t.created_at`);
    const events = (await q<{ type: string; data: { ngo: { id?: string; slug: string } } }>(`SELECT type, data FROM webhook_events
      WHERE data->'ngo'->>'slug' LIKE 'zq-%'`)).map(({ type, data }) => JSON.stringify({ type, data: { ...data, ngo: { ...data.ngo, id: undefined } } }));
    return { entries, components, history, events: events.sort() };
  } finally {
    await connection.close();
  }
}

describe.runIf(onPostgres)("ngos import through COPY and through statements", { timeout: 240_000 }, () => {
  it("writes the same entries, score components, history, search vectors and events", async () => {
    const first = writeFile("first.jsonl", FIRST);
    const second = writeFile("second.jsonl", SECOND);
    const embedded = embeddedEnv(dataDir);
    const summaries: Record<string, unknown[]> = { copy: [], statements: [] };
    for (const file of [first, second, second]) {
      for (const [path, env] of [["copy", database.env], ["statements", embedded]] as const) {
        const result = await runCli(["ngos", "import", file, "--json"], env);
        summaries[path]!.push(JSON.parse(result.stdout));
      }
    }
    expect(summaries.copy).toEqual(summaries.statements);
    expect(summaries.copy![0]).toMatchObject({ rows: 10, created: 6, updated: 1, unchanged: 0, failed: 3 });
    expect(summaries.copy![1]).toMatchObject({ rows: 7, created: 1, updated: 3, unchanged: 2, failed: 1 });
    expect(summaries.copy![2]).toMatchObject({ rows: 7, created: 0, updated: 0, unchanged: 6, failed: 1 });

    const viaCopy = await registryState(database.env);
    const viaStatements = await registryState(embedded);
    expect(viaCopy.entries.map((e) => (e as { slug: string }).slug)).toEqual([
      "zq-beta", "zq-compare-alpha", "zq-compare-alpha-2", "zq-compare-alpha-3", "zq-compare-gamma", "zq-delta", "zq-new",
    ]);
    expect(viaCopy.events.length).toBe(13);
    expect(viaCopy).toEqual(viaStatements);
  });
});
