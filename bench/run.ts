// npm run bench — requests/s and p50/p99 latency of the REST and GraphQL surfaces against `next start` on a
// throwaway PostgreSQL database of BENCH_COUNT sample NGOs, side by side with two floors: a bare
// node:http server calling the same lib functions (the query's floor) and a constant route in
// the same Next app (the framework's floor); and what proxy.ts costs, with its rate limits in
// memory and in Redis (a second `next start` on the test Upstash REST shim in front of the
// redis-server on 127.0.0.1:6379); and what a transaction pooler costs (a third `next start`
// whose DATABASE_URL goes through pgbouncer in transaction mode, as serverless deployments must)
// and what named prepared statements would buy on a direct connection (a fourth, with
// DB_PREPARED_STATEMENTS=1). One load at a time: these machines have 2 cores.
//
// Environment: BENCH_POSTGRES_URL (server to create the database on), BENCH_COUNT (100000),
// BENCH_DURATION (8 s per scenario, split over BENCH_ROUNDS rounds: 2), BENCH_WARMUP (2 s, once),
// BENCH_CONNECTIONS (10), BENCH_SEARCH (the search word), BENCH_SKIP_BUILD=1 (reuse .next),
// BENCH_DATABASE (an existing seeded database to use and keep instead of a new one; BENCH_COUNT unused),
// BENCH_EXPLAIN=1 (add the query plans even when every target is met), BENCH_ONLY (run only the
// scenarios whose names contain one of its `|`-separated parts, e.g. "list by sector": only the
// servers they need start, and only the targets they form are evaluated; "bulk export" selects
// the export). Then one whole bulk export (bench/export.ts): rows/s and the server's memory growth.
// A missed target is reported, not failed; only errors (and any non-2xx answer) exit non-zero.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describeDatabase, openBenchDatabase, waitForIdle, type BenchDatabase } from "./database";
import { sample, summarize, warmUp, type LoadOptions, type Sample } from "./measure";
import { freePort, runToEnd, startHelper, startServer, stopAll, WORK_DIR, type Env } from "./processes";
import { evaluateTargets, renderMarkdown, writeResults, type BenchReport, type Plan, type ScenarioResult, type StoreTrips, type Target } from "./report";
import { SAMPLE_FIXTURES } from "../lib/sample/sample-fixtures";
import { buildBrowserScripts } from "../scripts/build-browser/build-browser-scripts";
import { checkGraphQLScenario, scenarios, walkList, type Scenario, type ScenarioServer } from "./scenarios";
import { measureWidget } from "./widget";
import { measureExport, type ExportFigures } from "./export";
import { fakeStripeEnv } from "../tests/support/fake-stripe";
import { startPgBouncer, type PgBouncer } from "../tests/support/pgbouncer";
import { startUpstashShim, type UpstashShim } from "../tests/support/upstash-shim";
import { positiveSetting } from "./positive-setting";

const settings = {
  postgresUrl: process.env.BENCH_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres",
  count: positiveSetting("BENCH_COUNT", 100_000),
  duration: positiveSetting("BENCH_DURATION", 8),
  rounds: positiveSetting("BENCH_ROUNDS", 2),
  warmup: positiveSetting("BENCH_WARMUP", 2),
  connections: positiveSetting("BENCH_CONNECTIONS", 10),
  search: process.env.BENCH_SEARCH || "Nairobi",
  skipBuild: process.env.BENCH_SKIP_BUILD === "1",
  explain: process.env.BENCH_EXPLAIN === "1",
  only: process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split("|").filter(Boolean) : undefined,
};
const DEEP_PAGES = 250;
const STORE_TRIP_REQUESTS = 200;
const PAGE_SIZE = 20;
const NEXT_BIN = path.resolve("node_modules/next/dist/bin/next");
const RESULTS_DIR = path.resolve("bench/results");

const started = performance.now();
const loadAtStart = Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;
// Without NODE_ENV: the seeder refuses to load sample data into a production database.
// A configured database needs a server secret; every process of the run shares this one.
const baseEnv: Env = { ...process.env, SERVER_SECRET: process.env.SERVER_SECRET || "bench-server-secret-0123456789abcdefghijklmnop" };
delete baseEnv.NODE_ENV;

let database: BenchDatabase | undefined;
let shim: UpstashShim | undefined;
let pgbouncer: PgBouncer | undefined;
let cleaning: Promise<void> | undefined;

/** Stops the servers and drops the database, once, whether the run ended, failed or was interrupted. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await stopAll();
    await shim?.close().catch(() => undefined);
    await pgbouncer?.stop().catch(() => undefined);
    await database?.drop().catch((error: unknown) => console.error(`Could not drop ${database?.name}: ${String(error)}`));
  })();
  return cleaning;
}

for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and dropping the benchmark database…`);
    void cleanUp().finally(() => process.exit(code));
  });
}

async function main(): Promise<void> {
  // Build first: a build that fails should not cost a seeding first.
  let phase = performance.now();
  const reuse = settings.skipBuild && fs.existsSync(".next/BUILD_ID");
  if (!reuse) {
    console.log("Building the app (BENCH_SKIP_BUILD=1 reuses an existing build)…");
    await buildBrowserScripts();
    await runToEnd("next build", process.execPath, [NEXT_BIN, "build"], { ...baseEnv, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" });
  }
  const buildSeconds = reuse ? 0 : seconds(phase);

  phase = performance.now();
  const { database: opened, loadSeconds } = await openBenchDatabase(settings.postgresUrl, settings.count, baseEnv);
  database = opened;
  const seedSeconds = seconds(phase);
  const facts = await describeDatabase(database.url);

  // The free tier would refuse a load run after 60 requests: the bench measures the path, not the quota.
  const env = { ...baseEnv, DATABASE_URL: database.url, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", BENCH_ROUTES: "1", RATE_LIMIT_ANONYMOUS_PER_MINUTE: "1000000" };
  const partnerKey = await createBenchKey(database.url);
  const embed = { key: createBenchEmbedKey(database.url), origin: BENCH_EMBED_ORIGIN, ngo: SAMPLE_FIXTURES.donationDemo };
  // The servers the selected scenarios run on (a scenario's server does not depend on its inputs);
  // the main one always starts: the deep cursor and the GraphQL check are read from it.
  const needed = new Set<ScenarioServer>(["next", ...selected(scenarios({ search: "", deepCursor: "", slug: "", partnerKey: "", embed })).map((s) => s.server)]);
  const baseUrls: Partial<Record<ScenarioServer, string>> = {};
  let nextPid = 0;
  const start = async (label: ScenarioServer, serverEnv: () => Promise<Env>): Promise<void> => {
    if (!needed.has(label)) return;
    const port = String(await freePort());
    const [args, ready] =
      label === "floor"
        ? [["--import", "tsx", "bench/floor-server.ts", port], "/list?limit=1"]
        : [[NEXT_BIN, "start", "-p", port, "-H", "127.0.0.1"], "/api/health/live"];
    const server = await startServer(label, Number(port), process.execPath, args, await serverEnv(), ready);
    baseUrls[label] = server.baseUrl;
    if (label === "next") nextPid = server.pid;
  };
  await start("next", async () => env);
  await start("next-upstash", async () => {
    shim = await startUpstashShim();
    return { ...env, UPSTASH_REDIS_REST_URL: shim.url, UPSTASH_REDIS_REST_TOKEN: shim.token, RATE_LIMIT_PREFIX: shim.keyPrefix };
  });
  const databaseName = database.name;
  await start("next-pooler", async () => {
    pgbouncer = await startPgBouncer({ target: postgresTarget(settings.postgresUrl) });
    return { ...env, DATABASE_URL: pgbouncer.url(databaseName), DIRECT_DATABASE_URL: env.DATABASE_URL };
  });
  await start("next-prepared", async () => ({ ...env, DB_PREPARED_STATEMENTS: "1" }));
  await start("next-direct", async () => env);
  // The Stripe provider against the tests' local fake of Stripe's API (no network, answers at
  // once), in a process of its own (bench/fake-stripe-server.ts).
  await start("next-stripe", async () => {
    const fake = await startHelper<{ url: string }>("fake Stripe", "bench/fake-stripe-server.ts", baseEnv);
    return { ...env, ...fakeStripeEnv(fake.info, { secretKey: "sk_test_bench", webhookSecret: "whsec_bench" }) };
  });
  await start("floor", async () => env);
  const nextUrl = baseUrls.next as string;
  const constant = await fetch(`${nextUrl}/api/bench/constant`);
  if (constant.status !== 200) {
    throw new Error(`/api/bench/constant answered ${constant.status}: the build in .next predates it, run without BENCH_SKIP_BUILD=1.`);
  }

  console.log(`Walking ${DEEP_PAGES} pages of ${PAGE_SIZE} for a cursor ${DEEP_PAGES * PAGE_SIZE} rows deep…`);
  const { cursor, firstSlug } = await walkList(nextUrl, DEEP_PAGES, PAGE_SIZE);
  await checkGraphQLScenario(nextUrl);

  // Rounds: each scenario is measured in each round, so background load that comes and goes
  // during the run weighs on every scenario alike rather than on whichever ran at the time.
  const load: LoadOptions = { connections: settings.connections, duration: Math.max(1, Math.round(settings.duration / settings.rounds)) };
  const planned = selected(scenarios({ search: settings.search, deepCursor: cursor, slug: firstSlug, partnerKey, embed }));
  const samples = new Map<string, Sample[]>(planned.map((s) => [s.name, []]));

  for (let round = 1; round <= settings.rounds; round++) {
    console.log(`Round ${round} of ${settings.rounds}: ${planned.length} scenarios, ${load.duration} s each…`);
    for (const scenario of planned) {
      const url = baseUrls[scenario.server] + scenario.path;
      if (round === 1) await warmUp(url, { ...load, duration: settings.warmup }, scenario.request);
      await waitForIdle(database.url);
      samples.get(scenario.name)?.push(await sample(url, load, scenario.request));
      await waitForIdle(database.url);
    }
  }
  const results: ScenarioResult[] = planned.map((scenario) => ({ ...scenario, ...summarize(samples.get(scenario.name) ?? []) }));
  for (const r of results) {
    console.log(`  ${r.name.padEnd(28)} ${r.requests_per_second.toFixed(1).padStart(9)} req/s  p50 ${r.latency_ms.p50.toFixed(2).padStart(7)} ms  p99 ${r.latency_ms.p99.toFixed(2).padStart(7)} ms`);
  }

  // A run of selected scenarios (BENCH_ONLY) measures nothing else, and evaluates only their targets.
  let targets = evaluateTargets(results, settings.only ? undefined : await countStoreTrips(baseUrls["next-upstash"] as string, partnerKey));
  let widget: Record<string, number> | undefined;
  let exported: ExportFigures | undefined;
  if (!settings.only) {
    console.log("Measuring the donation widget in headless Chromium…");
    widget = await measureWidget(nextUrl, embed);
    for (const [name, value] of Object.entries(widget)) console.log(`  ${name.padEnd(44)} ${value}`);
    targets = [...targets, ...widgetTargets(widget)];
  }
  if (isSelected(EXPORT_NAME)) {
    console.log("Exporting the whole registry (NDJSON, partner key)…");
    exported = await measureExport(nextUrl, partnerKey, nextPid);
    for (const [name, value] of Object.entries(exported)) console.log(`  ${name.padEnd(44)} ${value}`);
    targets = [...targets, ...exportTargets(exported)];
  }
  const explain = settings.explain || targets.some((t) => t.verdict === "MISS") ? await explainQueries(database.url, cursor) : undefined;
  const report: BenchReport = {
    machine: {
      cpus: os.cpus().length,
      cpu_model: os.cpus()[0]?.model.trim() ?? "unknown",
      memory_gb: Math.round(os.totalmem() / 2 ** 30),
      os: `${os.type()} ${os.release()}`,
      node: process.version,
      next: nextVersion(),
      postgres: facts.postgres,
      // Anything else busy on the machine shows here, and skews every figure.
      load_average_1m_at_start: loadAtStart,
    },
    run: {
      date: new Date().toISOString(),
      ngos: facts.ngos,
      public_ngos: facts.public_ngos,
      connections: settings.connections,
      duration_s: settings.duration,
      rounds: settings.rounds,
      warmup_s: settings.warmup,
      search: settings.search,
      deep_page_rows: DEEP_PAGES * PAGE_SIZE,
      build_s: buildSeconds,
      seed_s: seedSeconds,
      // The sample load alone (db seed: COPY, no events); bench/webhooks.ts times the import, which writes an event a row.
      // Not with BENCH_DATABASE: its entries were loaded before the run.
      ...(loadSeconds === null ? { load: "before the run (BENCH_DATABASE)" } : { load_s: Math.round(loadSeconds * 10) / 10, load_rows_per_s: Math.round(facts.ngos / loadSeconds) }),
      total_s: seconds(started),
    },
    scenarios: results,
    targets,
    widget,
    export: exported,
    explain,
  };
  // A partial run leaves the committed results alone: it goes to bench/.work/only.{json,md}.
  const written = settings.only ? writeResults(WORK_DIR, report, "only") : writeResults(RESULTS_DIR, report);
  console.log("\n" + renderMarkdown({ ...report, explain: undefined }));
  for (const t of targets) console.log(`${t.verdict.padEnd(6)} ${t.name}: ${t.value}`);
  console.log(`\nWrote ${path.relative(process.cwd(), written.json)} and ${path.relative(process.cwd(), written.markdown)} (${seconds(started)} s).`);
}

/** Where the benchmark's PostgreSQL listens, for pgbouncer to forward to. */
/** The bulk export's name for BENCH_ONLY, beside the scenarios'. */
const EXPORT_NAME = "bulk export";

/** Whether BENCH_ONLY selects what bears this name: everything when it is not set. */
function isSelected(name: string): boolean {
  return !settings.only || settings.only.some((part) => name.includes(part));
}

/** The scenarios BENCH_ONLY selects. */
function selected(all: Scenario[]): Scenario[] {
  return all.filter((s) => isSelected(s.name));
}

function postgresTarget(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname === "localhost" ? "127.0.0.1" : parsed.hostname, port: Number(parsed.port || 5432) };
}

/** A partner key for the keyed scenarios, made by the operator CLI, with a limit no load run reaches. */
async function createBenchKey(databaseUrl: string): Promise<string> {
  const output = execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/cli.ts", "keys", "create", "--name", "npm run bench", "--kind", "secret", "--rate-limit", "100000", "--json"],
    { env: { ...baseEnv, DATABASE_URL: databaseUrl } as unknown as NodeJS.ProcessEnv, encoding: "utf8" },
  );
  return (JSON.parse(output) as { key: string }).key;
}

const BENCH_EMBED_ORIGIN = "http://127.0.0.1:9";

/** A publishable key for the intent scenario, bound to the demo NGO, with a limit no load run reaches. */
function createBenchEmbedKey(databaseUrl: string): string {
  const output = execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/cli.ts", "keys", "create", "--name", "npm run bench (embed)", "--kind", "publishable", "--ngo", SAMPLE_FIXTURES.donationDemo, "--origin", BENCH_EMBED_ORIGIN, "--rate-limit", "100000", "--json"],
    { env: { ...baseEnv, DATABASE_URL: databaseUrl } as unknown as NodeJS.ProcessEnv, encoding: "utf8" },
  );
  return (JSON.parse(output) as { key: string }).key;
}

/** The widget targets: total transfer ≤ 2 × the floor's + 60 KB; /embed.js ≤ 5 KB compressed. */
function widgetTargets(widget: Record<string, number>): Target[] {
  const total = widget["widget total bytes (gzip of the page)"] ?? NaN;
  const floor = widget["floor total bytes (gzip)"] ?? NaN;
  const loader = widget["embed.js bytes (gzip)"] ?? NaN;
  const check = (name: string, ratio_of: string, value: number): Target => {
    const rounded = Math.round(value * 1000) / 1000;
    return { name, ratio_of, value: rounded, target: { at_most: 1 }, verdict: rounded <= 1 ? "PASS" : "MISS" };
  };
  return [
    check("widget weight vs floor", `widget gzip bytes (${total}) ÷ (2 × floor gzip bytes (${floor}) + 61440)`, total / (2 * floor + 61_440)),
    check("embed.js size", `embed.js gzip bytes (${loader}) ÷ 5120`, loader / 5_120),
  ];
}

/** The export targets: at least 50,000 rows/s, and the server's memory up by at most 64 MB. */
function exportTargets(figures: ExportFigures): Target[] {
  const throughput = Math.round((figures.rows_per_second / 50_000) * 1000) / 1000;
  const memory = Math.round((figures.rss_growth_mb / 64) * 1000) / 1000;
  return [
    { name: "export throughput", ratio_of: `export rows/s (${figures.rows_per_second}) ÷ 50000`, value: throughput, target: { at_least: 1 }, verdict: throughput >= 1 ? "PASS" : "MISS" },
    { name: "export memory", ratio_of: `server RSS growth MB (${figures.rss_growth_mb}) ÷ 64`, value: memory, target: { at_most: 1 }, verdict: memory <= 1 ? "PASS" : "MISS" },
  ];
}

/**
 * Round trips to the Upstash store per request, counted exactly: STORE_TRIP_REQUESTS keyed
 * requests one after another, and what the shim saw meanwhile (a load run's request count would
 * miss those still in flight when it stops).
 */
async function countStoreTrips(baseUrl: string, key: string): Promise<StoreTrips> {
  const before = shim?.requests.length ?? 0;
  for (let i = 0; i < STORE_TRIP_REQUESTS; i++) {
    const response = await fetch(`${baseUrl}/api/bench/constant`, { headers: { authorization: `Bearer ${key}` } });
    if (response.status !== 200) throw new Error(`counting store round trips: /api/bench/constant answered ${response.status}`);
    await response.arrayBuffer();
  }
  return { requests: STORE_TRIP_REQUESTS, trips: (shim?.requests.length ?? 0) - before };
}

/** Query plans of the registry calls, from a child process that runs the lib functions. */
async function explainQueries(databaseUrl: string, cursor: string): Promise<Record<string, Plan[]>> {
  console.log("Explaining the registry queries (EXPLAIN ANALYZE)…");
  const output = execFileSync(process.execPath, ["--import", "tsx", "bench/explain-queries.ts", settings.search, cursor], {
    env: { ...baseEnv, DATABASE_URL: databaseUrl } as unknown as NodeJS.ProcessEnv,
    encoding: "utf8",
    maxBuffer: 16 * 2 ** 20,
  });
  return JSON.parse(output) as Record<string, Plan[]>;
}

function nextVersion(): string {
  const pkg = JSON.parse(fs.readFileSync("node_modules/next/package.json", "utf8")) as { version: string };
  return pkg.version;
}

try {
  await main();
} catch (error) {
  console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
