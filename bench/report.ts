// The benchmark's report: the targets the issue sets, evaluated on the measured figures, and the
// results as JSON and as a markdown table (bench/results/latest.json and latest.md).
import fs from "node:fs";
import path from "node:path";
import type { Measurement } from "./measure";
import type { Scenario } from "./scenarios";

export type ScenarioResult = Scenario & Measurement;

export type Target = {
  name: string;
  /** How the ratio is formed, e.g. "list req/s ÷ framework floor req/s". */
  ratio_of: string;
  value: number;
  /** The bound the value must meet; none for a ratio that is only reported. */
  target?: { at_least?: number; at_most?: number };
  verdict: "PASS" | "MISS" | "REPORT";
};

export type Plan = { sql: string; values: unknown[]; plan: string };

export type BenchReport = {
  machine: Record<string, string | number>;
  run: Record<string, string | number>;
  scenarios: ScenarioResult[];
  targets: Target[];
  /** The donation widget's weight and time to interactive beside its static floor, and /embed.js. */
  widget?: Record<string, number>;
  /** One whole bulk export: rows, time, rows per second and the server's memory before and at its peak. */
  export?: Record<string, number>;
  /** EXPLAIN (ANALYZE, BUFFERS) of the registry queries, when a target was missed. */
  explain?: Record<string, Plan[]>;
};

/** What the Upstash shim counted during the next-upstash scenarios. */
export type StoreTrips = { requests: number; trips: number };

/** What a scenario that did not run (BENCH_ONLY) stands for: every figure NaN. */
const NOT_RUN = { requests_per_second: NaN, latency_ms: { p50: NaN, p99: NaN } } as ScenarioResult;

/**
 * The targets, evaluated on the scenarios that ran: a run of selected scenarios (BENCH_ONLY) and
 * no store trips (undefined) leave out the targets they cannot form.
 */
export function evaluateTargets(results: ScenarioResult[], storeTrips: StoreTrips | undefined): Target[] {
  const of = (name: string) => results.find((r) => r.name === name) ?? NOT_RUN;
  const [bare, framework, queryFloor, list, deep, search, restBySector, graphqlBySector, intent, stats] = [
    "bare node: constant", "framework floor", "query floor: list", "list", "list deep page", "search",
    "list by sector (REST)", "list by sector (GraphQL)", "intent create", "uncached stats, 20 random filter combinations",
  ].map(of) as [ScenarioResult, ScenarioResult, ScenarioResult, ScenarioResult, ScenarioResult, ScenarioResult, ScenarioResult, ScenarioResult, ScenarioResult, ScenarioResult];
  const [listTwin, listPooler, listPrepared, intentTwin, intentPooler, intentStripe] = [
    "list, direct twin", "list, through PgBouncer", "list, prepared statements", "intent create, direct twin", "intent create, through PgBouncer",
    "intent create, Stripe (local fake)",
  ].map(of) as [ScenarioResult, ScenarioResult, ScenarioResult, ScenarioResult, ScenarioResult, ScenarioResult];
  const [noProxy, passThrough, fullMemory, fullUpstash] = [
    "no proxy: constant", "pass-through proxy: constant", "full proxy, in-memory: constant", "full proxy, Upstash: constant",
  ].map(of) as [ScenarioResult, ScenarioResult, ScenarioResult, ScenarioResult];
  const target = (name: string, ratio_of: string, value: number, bound?: Target["target"]): Target => {
    const rounded = Math.round(value * 1000) / 1000;
    const met = bound && (bound.at_least === undefined || rounded >= bound.at_least) && (bound.at_most === undefined || rounded <= bound.at_most);
    return { name, ratio_of, value: rounded, target: bound, verdict: bound ? (met ? "PASS" : "MISS") : "REPORT" };
  };
  return [
    target("framework floor vs bare node", "framework floor req/s ÷ bare node req/s", framework.requests_per_second / bare.requests_per_second),
    target("list vs framework floor", "list req/s ÷ framework floor req/s", list.requests_per_second / framework.requests_per_second, { at_least: 0.6 }),
    target("list vs query floor", "list req/s ÷ query floor (list) req/s", list.requests_per_second / queryFloor.requests_per_second),
    target("deep page vs first page (p50)", "list deep page p50 ÷ list p50", deep.latency_ms.p50 / list.latency_ms.p50, { at_most: 1.3 }),
    target("deep page vs first page (p99)", "list deep page p99 ÷ list p99", deep.latency_ms.p99 / list.latency_ms.p99),
    target("search vs list (p99)", "search p99 ÷ list p99", search.latency_ms.p99 / list.latency_ms.p99, { at_most: 3 }),
    // An absolute bound, not a ratio: statistics from the aggregates answer in milliseconds.
    target(
      "uncached stats p99 (ms)",
      "uncached stats, 20 random filter combinations: p99 in ms",
      stats.latency_ms.p99,
      { at_most: 100 },
    ),
    target("intent create vs list (p99)", "intent create p99 ÷ list p99", intent.latency_ms.p99 / list.latency_ms.p99, { at_most: 3 }),
    // With the provider's round trip left in (to a local fake that answers at once): our share is less.
    target(
      "intent create with Stripe vs list (p99)",
      "intent create, Stripe (local fake) p99 ÷ list p99",
      intentStripe.latency_ms.p99 / list.latency_ms.p99,
      { at_most: 3 },
    ),
    target(
      "GraphQL vs REST list",
      "list by sector (GraphQL) req/s ÷ list by sector (REST) req/s",
      graphqlBySector.requests_per_second / restBySector.requests_per_second,
      { at_least: 0.8 },
    ),
    target(
      "list through PgBouncer vs direct",
      "list, through PgBouncer req/s ÷ list, direct twin req/s",
      listPooler.requests_per_second / listTwin.requests_per_second,
      { at_least: 0.85 },
    ),
    target(
      "intent create through PgBouncer vs direct",
      "intent create, through PgBouncer req/s ÷ intent create, direct twin req/s",
      intentPooler.requests_per_second / intentTwin.requests_per_second,
      { at_least: 0.85 },
    ),
    target(
      "list with prepared statements vs without",
      "list, prepared statements req/s ÷ list, direct twin req/s (both direct)",
      listPrepared.requests_per_second / listTwin.requests_per_second,
    ),
    target("pass-through proxy vs no proxy", "pass-through proxy req/s ÷ no proxy req/s", passThrough.requests_per_second / noProxy.requests_per_second),
    // "Costs at most 10% over": each request takes at most 1.1 times as long, so req/s ≥ 1/1.1.
    target(
      "full in-memory proxy vs pass-through",
      "full proxy, in-memory req/s ÷ pass-through proxy req/s",
      fullMemory.requests_per_second / passThrough.requests_per_second,
      { at_least: 0.909 },
    ),
    target("Upstash proxy vs in-memory proxy", "full proxy, Upstash req/s ÷ full proxy, in-memory req/s", fullUpstash.requests_per_second / fullMemory.requests_per_second),
    target(
      "Upstash round trips per request",
      "store requests counted at the shim ÷ 200 keyed requests in a row, Upstash",
      storeTrips ? storeTrips.trips / Math.max(1, storeTrips.requests) : NaN,
      { at_least: 1, at_most: 1 },
    ),
  ].filter((t) => !Number.isNaN(t.value));
}

export function renderMarkdown(report: BenchReport): string {
  const scenarioRows = report.scenarios.map((s) =>
    `| ${s.name} | ${s.server} | ${requestLabel(s)}\`${shorten(s.path)}\` | ${s.requests_per_second.toFixed(1)} | ${s.latency_ms.p50.toFixed(2)} | ${s.latency_ms.p99.toFixed(2)} | ${s.requests} | ${s.bytes_per_response} |`,
  );
  const bound = (t: Target) =>
    t.target?.at_least !== undefined ? `≥ ${t.target.at_least}` : t.target?.at_most !== undefined ? `≤ ${t.target.at_most}` : "—";
  const targetRows = report.targets.map((t) => `| ${t.name} | ${t.ratio_of} | ${t.value.toFixed(3)} | ${bound(t)} | ${t.verdict} |`);
  const facts = (record: Record<string, string | number>) => Object.entries(record).map(([k, v]) => `${k}: ${v}`).join(" · ");
  const lines = [
    "# npm run bench — latest results",
    "",
    `Machine: ${facts(report.machine)}`,
    "",
    `Run: ${facts(report.run)}`,
    "",
    "| scenario | server | path | req/s | p50 ms | p99 ms | requests | bytes/resp |",
    "|---|---|---|---:|---:|---:|---:|---:|",
    ...scenarioRows,
    "",
    "| target | ratio | value | target | verdict |",
    "|---|---|---:|---|---|",
    ...targetRows,
    "",
    "Responses carry an ETag, but autocannon never sends If-None-Match: every answer is a full 200.",
  ];
  if (report.export) {
    lines.push("", "| bulk export (NDJSON, partner) | value |", "|---|---:|", ...Object.entries(report.export).map(([k, v]) => `| ${k} | ${v} |`));
  }
  if (report.widget) {
    lines.push("", "| donation widget | value |", "|---|---:|", ...Object.entries(report.widget).map(([k, v]) => `| ${k} | ${v} |`));
  }
  for (const [label, plans] of Object.entries(report.explain ?? {})) {
    for (const plan of plans) {
      lines.push("", `## EXPLAIN (ANALYZE, BUFFERS): ${label}`, "", "```sql", plan.sql.trim(), "```", "", `Parameters: \`${JSON.stringify(plan.values)}\``, "", "```", plan.plan, "```");
    }
  }
  return lines.join("\n") + "\n";
}

/** Writes <name>.json and <name>.md in dir. */
export function writeResults(dir: string, report: BenchReport, name = "latest"): { json: string; markdown: string } {
  fs.mkdirSync(dir, { recursive: true });
  const json = path.join(dir, `${name}.json`);
  const markdown = path.join(dir, `${name}.md`);
  fs.writeFileSync(json, JSON.stringify(report, null, 2) + "\n");
  fs.writeFileSync(markdown, renderMarkdown(report));
  return { json, markdown };
}

/** How a scenario asks, where it is not a plain GET: "POST", "GET, keyed". */
function requestLabel(scenario: Scenario): string {
  const { method, headers } = scenario.request ?? {};
  const parts = [method ?? (headers?.authorization ? "GET" : undefined), headers?.authorization ? "keyed" : undefined].filter(Boolean);
  return parts.length ? `${parts.join(", ")} ` : "";
}

/** A cursor is long and opaque: the table shows its start. */
function shorten(urlPath: string): string {
  return urlPath.replace(/(cursor=[^&]{12})[^&]*/, "$1…");
}
