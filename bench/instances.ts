// npm run bench:instances (also the last part of npm run bench) — one `next start` against two,
// each behind the same round-robin balancer (bench/round-robin.ts), on one PostgreSQL database and
// one Redis through the Upstash REST shim (its own process, so the shared rate-limit store counts
// as a store): requests/s of the registry list and of donation intents, the ratio two ÷ one, and
// where the CPU went meanwhile (/proc, per process group), to name the bottleneck.
//
// Environment: BENCH_POSTGRES_URL (server to create the database on), BENCH_INSTANCES_COUNT (NGOs
// to seed: 2,000), BENCH_INSTANCES_DURATION (s per scenario and setup, over two rounds: 6),
// BENCH_WARMUP (s: 2), BENCH_INSTANCES_CONNECTIONS (20), BENCH_SKIP_BUILD=1 (reuse .next).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SAMPLE_FIXTURES } from "../lib/sample/sample-fixtures";
import { buildBrowserScripts } from "../scripts/build-browser/build-browser-scripts";
import { averageUsage, cpuBetween, cpuSnapshot, type CpuUsage, type ProcessMatcher } from "./cpu-usage";
import { seedNewBenchDatabase, waitForIdle, type BenchDatabase } from "./database";
import { sample, summarize, warmUp, type LoadOptions, type LoadRequest, type Measurement, type Sample } from "./measure";
import { positiveSetting } from "./positive-setting";
import { freePort, runToEnd, startHelper, startServer, stopAll, type Env, type Server } from "./processes";

const settings = {
  postgresUrl: process.env.BENCH_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres",
  count: positiveSetting("BENCH_INSTANCES_COUNT", 2_000),
  duration: positiveSetting("BENCH_INSTANCES_DURATION", 6),
  warmup: positiveSetting("BENCH_WARMUP", 2),
  connections: positiveSetting("BENCH_INSTANCES_CONNECTIONS", 20),
  skipBuild: process.env.BENCH_SKIP_BUILD === "1",
};
const NEXT_BIN = path.resolve("node_modules/next/dist/bin/next");
const RESULTS_DIR = path.resolve("bench/results");
const EMBED_ORIGIN = "http://127.0.0.1:9";
/** A machine this busy (share of all its cores) has no CPU to give a second instance. */
const SATURATED = 0.9;

const baseEnv: Env = { ...process.env, SERVER_SECRET: process.env.SERVER_SECRET || "bench-server-secret-0123456789abcdefghijklmnop" };
delete baseEnv.NODE_ENV;

let database: BenchDatabase | undefined;
let shimPid: number | undefined;
let cleaning: Promise<void> | undefined;

function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await stopAll();
    await database?.drop().catch((error: unknown) => console.error(`Could not drop ${database?.name}: ${String(error)}`));
  })();
  return cleaning;
}

for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(code)));
}

type Row = { scenario: string; instances: 1 | 2 } & Measurement & { cpu: CpuUsage };

async function main(): Promise<void> {
  const started = performance.now();
  const loadAtStart = Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
  if (!(settings.skipBuild && fs.existsSync(".next/BUILD_ID"))) {
    console.log("Building the app (BENCH_SKIP_BUILD=1 reuses an existing build)…");
    await buildBrowserScripts();
    await runToEnd("next build", process.execPath, [NEXT_BIN, "build"], { ...baseEnv, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" });
  }
  ({ database } = await seedNewBenchDatabase(settings.postgresUrl, settings.count, baseEnv));
  const embedKey = createEmbedKey(database.url);
  // Its own process, so the shared rate-limit store's CPU is counted apart from the load generator's.
  const shim = await startHelper<{ url: string; token: string; keyPrefix: string }>("Upstash shim", "bench/upstash-shim-server.ts", baseEnv);
  shimPid = shim.pid;
  const store = shim.info;

  // The free tier would refuse a load run after 60 requests: the bench measures the path, not the quota.
  const env: Env = {
    ...baseEnv,
    DATABASE_URL: database.url,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: "1000000",
    UPSTASH_REDIS_REST_URL: store.url,
    UPSTASH_REDIS_REST_TOKEN: store.token,
    RATE_LIMIT_PREFIX: store.keyPrefix,
  };
  const ports = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  // Instances keep idle connections open longer than the balancer does (as behind any load
  // balancer), so the balancer never reuses a connection the instance is closing at that moment.
  const nextArgs = (port: number) => [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1", "--keepAliveTimeout", "70000"];
  const [a, b] = await Promise.all([
    startServer("instance-a", ports[0]!, process.execPath, nextArgs(ports[0]!), env, "/api/health/live"),
    startServer("instance-b", ports[1]!, process.execPath, nextArgs(ports[1]!), env, "/api/health/live"),
  ]);
  const balancer = (label: string, port: number, backends: Server[]) =>
    startServer(label, port, process.execPath, ["--import", "tsx", "bench/round-robin.ts", String(port), ...backends.map((s) => s.baseUrl)], baseEnv, "/api/health/live");
  const [one, two] = await Promise.all([balancer("balancer-one", ports[2]!, [a]), balancer("balancer-two", ports[3]!, [a, b])]);

  const groups = (instances: Server[], front: Server): Record<string, ProcessMatcher> => ({
    "next instances": { processGroups: instances.map((s) => s.pid) },
    balancer: { processGroups: [front.pid] },
    "store (shim + redis-server)": { processGroups: [shimPid as number], names: ["redis-server"] },
    postgres: { names: ["postgres"] },
    "load generator": { pids: [process.pid] },
  });
  const setups = [
    { instances: 1 as const, front: one, servers: [a] },
    { instances: 2 as const, front: two, servers: [a, b] },
  ];
  const scenarios: { name: string; path: string; request?: LoadRequest }[] = [
    { name: "list (?limit=20)", path: "/api/registry/ngos?limit=20" },
    {
      name: "create a donation intent",
      path: "/api/v1/embed/donation/intent",
      request: {
        method: "POST",
        body: JSON.stringify({ ngo: SAMPLE_FIXTURES.donationDemo, amount: 2500, currency: "EUR" }),
        headers: { "content-type": "application/json", authorization: `Bearer ${embedKey}`, origin: EMBED_ORIGIN },
        freshHeader: "idempotency-key",
      },
    },
  ];

  // Two rounds, one then two instances and then the other way round, so load that comes and goes
  // on the machine weighs on both alike.
  const load: LoadOptions = { connections: settings.connections, duration: Math.max(1, Math.round(settings.duration / 2)) };
  const rows: Row[] = [];
  for (const scenario of scenarios) {
    const runs = new Map<number, { samples: Sample[]; cpu: CpuUsage[] }>(setups.map((s) => [s.instances, { samples: [], cpu: [] }]));
    for (const setup of setups) await warmUp(setup.front.baseUrl + scenario.path, { ...load, duration: settings.warmup }, scenario.request);
    for (const setup of [...setups, ...[...setups].reverse()]) {
      await waitForIdle(database.url);
      const matchers = groups(setup.servers, setup.front);
      const before = cpuSnapshot(matchers);
      const run = runs.get(setup.instances);
      run?.samples.push(await sample(setup.front.baseUrl + scenario.path, load, scenario.request));
      run?.cpu.push(cpuBetween(before, cpuSnapshot(matchers)));
    }
    for (const setup of setups) {
      const run = runs.get(setup.instances) as { samples: Sample[]; cpu: CpuUsage[] };
      const measured = summarize(run.samples);
      const cpu = averageUsage(run.cpu);
      rows.push({ scenario: scenario.name, instances: setup.instances, ...measured, cpu });
      console.log(
        `  ${scenario.name.padEnd(26)} ${setup.instances} instance(s) ${measured.requests_per_second.toFixed(1).padStart(8)} req/s  ` +
          `p99 ${measured.latency_ms.p99.toFixed(1).padStart(6)} ms  CPU ${cpu.machine_cores_busy}/${cpu.machine_cores} cores busy`,
      );
    }
  }

  const report = {
    machine: { cpus: os.cpus().length, cpu_model: os.cpus()[0]?.model.trim() ?? "unknown", node: process.version, load_average_1m_at_start: loadAtStart },
    run: { date: new Date().toISOString(), ngos: settings.count, connections: settings.connections, duration_s: settings.duration, total_s: Math.round((performance.now() - started) / 100) / 10 },
    rows,
    ratios: scenarios.map((s) => ratioOf(s.name, rows)),
  };
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, "instances.json"), `${JSON.stringify(report, null, 2)}\n`);
  const markdown = renderMarkdown(report);
  fs.writeFileSync(path.join(RESULTS_DIR, "instances.md"), markdown);
  console.log(`\n${markdown}\nWrote bench/results/instances.json and instances.md (${report.run.total_s} s).`);
}

type Ratio = {
  scenario: string;
  two_over_one: number;
  /** CPU milliseconds one request costs, summed over every part of the benchmark (two instances). */
  cpu_ms_per_request: number;
  /** The rate at which the benchmark's own processes would use every core of the machine. */
  cpu_ceiling_requests_per_second: number;
  bottleneck: string;
};

/**
 * Two instances' rate over one's, and what held the two back. The CPU each request costs (every
 * part: instances, balancer, store, PostgreSQL, load generator, the kernel's interrupts) gives the
 * benchmark's own ceiling, cores ÷ CPU per request, apart from what else runs on the machine
 * (though contention inflates CPU per request too). A machine this busy is CPU-bound.
 */
function ratioOf(scenario: string, rows: Row[]): Ratio {
  const [one, two] = [1, 2].map((n) => rows.find((r) => r.scenario === scenario && r.instances === n) as Row) as [Row, Row];
  const round = (n: number) => Math.round(n * 100) / 100;
  const { machine_cores_busy: busy, machine_cores: total } = two.cpu;
  // The kernel's interrupt work is counted as the benchmark's: on loopback it is mostly its traffic.
  const cores = { ...two.cpu.cores, "kernel interrupts": two.cpu.machine_cores_interrupts };
  const ours = Object.values(cores).reduce((sum, n) => sum + n, 0);
  const msPerRequest = (ours * 1000) / two.requests_per_second;
  const ceiling = (total * 1000) / msPerRequest;
  const spent = Object.entries(cores)
    .sort(([, x], [, y]) => y - x)
    .map(([name, n]) => `${name} ${round((n * 1000) / two.requests_per_second)} ms`)
    .join(", ");
  const others = otherCores(two.cpu);
  const singleThread = (one.cpu.cores["next instances"] ?? 0) >= 0.85 ? `; one instance used ${one.cpu.cores["next instances"]} cores, all its one JavaScript thread can` : "";
  const elsewhere = others >= 0.2 ? `; ${others} cores went to processes outside the benchmark, so the rates are not a quiet machine's` : "";
  const verdict =
    busy >= SATURATED * total
      ? `CPU: ${busy} of ${total} cores busy with two instances`
      : `not CPU (${busy} of ${total} cores busy with two instances): the database or the store held requests back`;
  return {
    scenario,
    two_over_one: round(two.requests_per_second / one.requests_per_second),
    cpu_ms_per_request: round(msPerRequest),
    cpu_ceiling_requests_per_second: Math.round(ceiling),
    bottleneck: `${verdict}; CPU per request: ${spent}${singleThread}${elsewhere}`,
  };
}

/** Cores busy with processes outside the benchmark: anything else running on the machine. */
function otherCores({ cores, machine_cores_busy: busy, machine_cores_interrupts: interrupts }: CpuUsage): number {
  const ours = Object.values(cores).reduce((sum, n) => sum + n, 0);
  return Math.round(Math.max(0, busy - interrupts - ours) * 100) / 100;
}

function renderMarkdown(report: { machine: Record<string, string | number>; run: Record<string, string | number>; rows: Row[]; ratios: Ratio[] }): string {
  const groups = Object.keys(report.rows[0]?.cpu.cores ?? {});
  const lines = [
    `# One instance vs two behind a round-robin balancer (${report.run.date})`,
    "",
    `${report.machine.cpus} cores (${report.machine.cpu_model}), Node ${report.machine.node}, load average ${report.machine.load_average_1m_at_start} at the start; ` +
      `${report.run.ngos} NGOs, ${report.run.connections} connections, ${report.run.duration_s} s per measurement. Cores in use are averages over the measurement.`,
    "",
    `| scenario | instances | req/s | p50 ms | p99 ms | cores busy | ${groups.join(" | ")} | kernel interrupts | other processes |`,
    `|---|---:|---:|---:|---:|---:|${groups.map(() => "---:").join("|")}|---:|---:|`,
    ...report.rows.map(
      (r) =>
        `| ${r.scenario} | ${r.instances} | ${r.requests_per_second} | ${r.latency_ms.p50} | ${r.latency_ms.p99} | ${r.cpu.machine_cores_busy} of ${r.cpu.machine_cores} | ${groups.map((g) => r.cpu.cores[g]).join(" | ")} | ${r.cpu.machine_cores_interrupts} | ${otherCores(r.cpu)} |`,
    ),
    "",
    "| scenario | req/s two ÷ one | CPU ms per request | CPU ceiling req/s | bottleneck |",
    "|---|---:|---:|---:|---|",
    ...report.ratios.map((r) => `| ${r.scenario} | ${r.two_over_one} | ${r.cpu_ms_per_request} | ${r.cpu_ceiling_requests_per_second} | ${r.bottleneck} |`),
    "",
  ];
  return lines.join("\n");
}

/** A publishable key for the intents, bound to the demo NGO, with a limit no load run reaches. */
function createEmbedKey(databaseUrl: string): string {
  const output = execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/cli.ts", "keys", "create", "--name", "npm run bench:instances", "--kind", "publishable", "--ngo", SAMPLE_FIXTURES.donationDemo, "--origin", EMBED_ORIGIN, "--rate-limit", "100000", "--json"],
    { env: { ...baseEnv, DATABASE_URL: databaseUrl } as unknown as NodeJS.ProcessEnv, encoding: "utf8" },
  );
  return (JSON.parse(output) as { key: string }).key;
}

try {
  await main();
} catch (error) {
  console.error(`\nbench:instances failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
