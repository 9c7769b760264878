// npm run bench:pages — the explorer's pages over the production build (`next start`) on a
// throwaway PostgreSQL database of BENCH_COUNT sample NGOs: server response time (p50/p99, whole
// body, sequential requests) of /, /ngos/{slug}, /stats, the sitemap and the docs pages beside
// the API calls they stand for;
// then, in headless Chromium with a cold cache, the bytes each page transfers (HTML, JS, CSS,
// compressed) and its Largest Contentful Paint.
//
// Environment: BENCH_POSTGRES_URL, BENCH_COUNT (100000), BENCH_PAGES_REQUESTS (200 per URL),
// BENCH_PAGES_LOADS (5 browser loads per page), BENCH_SKIP_BUILD=1 (reuse .next), BENCH_DATABASE
// (an existing seeded database to use and keep, as for npm run bench).
// Targets (reported, not failed): first-load JS of / ≤ 120 KB compressed; /ngos/{slug} ≤ 2× the
// API's time for the same entry, / ≤ 2× its list page and statistics; LCP ≤ 1 s on loopback.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants as zlibConstants } from "node:zlib";
import { chromium } from "playwright-core";
import { describeDatabase, openBenchDatabase, type BenchDatabase } from "./database";
import { freePort, startServer, stopAll, type Env } from "./processes";
import { positiveSetting } from "./positive-setting";
import { EXPLORER_PAGE_SIZE } from "@/lib/explorer/parse-explorer-query";
import { buildBrowserScripts } from "../scripts/build-browser/build-browser-scripts";

const settings = {
  postgresUrl: process.env.BENCH_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres",
  count: positiveSetting("BENCH_COUNT", 100_000),
  requests: positiveSetting("BENCH_PAGES_REQUESTS", 200),
  loads: positiveSetting("BENCH_PAGES_LOADS", 5),
  skipBuild: process.env.BENCH_SKIP_BUILD === "1",
};
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RESULTS_DIR = path.resolve("bench/results");
const TARGETS = { firstLoadJsKb: 120, pageVsApi: 2, lcpMs: 1000 };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

type Timing = { p50: number; p99: number; mean: number };

/** Sequential requests, each timed to its last body byte, after a few unmeasured ones. */
async function time(urls: string[]): Promise<Timing> {
  const fetchOne = async (url: string) => {
    const started = performance.now();
    const response = await fetch(url, { headers: { "Accept-Encoding": "gzip" } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return performance.now() - started;
  };
  for (const url of urls.slice(0, 10)) await fetchOne(url);
  const latencies: number[] = [];
  for (let i = 0; i < settings.requests; i++) latencies.push(await fetchOne(urls[i % urls.length]!));
  latencies.sort((a, b) => a - b);
  return { p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)), mean: round(latencies.reduce((a, b) => a + b, 0) / latencies.length) };
}

const MEASURE_IN_PAGE = `(async () => {
  const lcp = await new Promise((resolve) => {
    new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? 0)).observe({ type: "largest-contentful-paint", buffered: true });
    setTimeout(() => resolve(0), 2000);
  });
  const nav = performance.getEntriesByType("navigation")[0];
  const resources = performance.getEntriesByType("resource");
  const sum = (test) => resources.filter(test).reduce((a, r) => a + r.encodedBodySize, 0);
  const isJs = (r) => /\\.js(\\?|$)/.test(r.name);
  const isCss = (r) => /\\.css(\\?|$)/.test(r.name);
  return { html: nav.encodedBodySize, js: sum(isJs), css: sum(isCss), other: sum((r) => !isJs(r) && !isCss(r)), lcpMs: lcp, jsUrls: resources.filter(isJs).map((r) => r.name) };
})()`;

type Transfer = { html: number; js: number; css: number; other: number; lcpMs: number; jsUrls?: string[] };

/** The same scripts as a CDN that serves Brotli (Vercel's does) would send them: `next start` only gzips. */
async function brotliBytes(urls: readonly string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url, { headers: { "Accept-Encoding": "identity" } })).arrayBuffer());
    total += brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return total;
}

/** One cold load in Chromium: compressed bytes by kind, and LCP. */
async function load(browser: import("playwright-core").Browser, url: string): Promise<Transfer> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(300);
  // A string, not a function: tsx would wrap a function's inner helpers in its own __name().
  const result = (await page.evaluate(MEASURE_IN_PAGE)) as Transfer;
  await context.close();
  return result;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const kb = (bytes: number) => round(bytes / 1024);

let database: BenchDatabase | undefined;
try {
  const baseEnv: Env = { ...process.env, SERVER_SECRET: process.env.SERVER_SECRET || "bench-server-secret-0123456789abcdefghijklmnop", NEXT_TELEMETRY_DISABLED: "1" };
  delete baseEnv.NODE_ENV;
  if (!settings.skipBuild) {
    await buildBrowserScripts();
    execFileSync(process.execPath, [path.resolve("node_modules/next/dist/bin/next"), "build"], { stdio: "inherit", env: baseEnv as NodeJS.ProcessEnv });
  }
  ({ database } = await openBenchDatabase(settings.postgresUrl, settings.count, baseEnv));
  const { ngos } = await describeDatabase(database.url);
  const port = await freePort();
  const server = await startServer(
    "pages",
    port,
    process.execPath,
    [path.resolve("node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"],
    { ...baseEnv, NODE_ENV: "production", DATABASE_URL: database.url, RATE_LIMIT_ANONYMOUS_PER_MINUTE: "1000000" },
    "/api/health/live",
  );
  const base = server.baseUrl;
  const list = (await (await fetch(`${base}/api/registry/ngos?limit=50`)).json()) as { data: { slug: string }[] };
  const slugs = list.data.map((e) => e.slug);

  const timings = {
    "/": await time([`${base}/`]),
    "/ngos/{slug}": await time(slugs.map((s) => `${base}/ngos/${s}`)),
    "GET /api/registry/ngos/{slug}": await time(slugs.map((s) => `${base}/api/registry/ngos/${s}`)),
    "GET /api/registry/ngos (the explorer's page)": await time([`${base}/api/registry/ngos?limit=${EXPLORER_PAGE_SIZE}`]),
    "GET /api/registry/ngos?view=stats": await time([`${base}/api/registry/ngos?view=stats`]),
    "/stats": await time([`${base}/stats`]),
    // The sitemap index and its first file of entries (40,000 URLs at national scale).
    "/sitemap.xml": await time([`${base}/sitemap.xml`]),
    "/sitemaps/ngos-1.xml": await time([`${base}/sitemaps/ngos-1.xml`]),
    // The App Router pages: rendered per request since their scripts run by CSP nonce.
    "/docs": await time([`${base}/docs`]),
    "/docs/api": await time([`${base}/docs/api`]),
    "/docs/graphql": await time([`${base}/docs/graphql`]),
  };

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const transfers: Record<string, Transfer> = {};
  let firstLoadJsUrls: string[] = [];
  for (const [name, url] of [["/", `${base}/`], ["/ngos/{slug}", `${base}/ngos/${slugs[0]}`], ["/stats", `${base}/stats`]] as const) {
    const runs: Transfer[] = [];
    for (let i = 0; i < settings.loads; i++) runs.push(await load(browser, url));
    transfers[name] = {
      html: median(runs.map((r) => r.html)),
      js: median(runs.map((r) => r.js)),
      css: median(runs.map((r) => r.css)),
      other: median(runs.map((r) => r.other)),
      lcpMs: round(median(runs.map((r) => r.lcpMs))),
    };
    if (name === "/") firstLoadJsUrls = runs[0]?.jsUrls ?? [];
  }
  await browser.close();
  const firstLoadJsBrotli = kb(await brotliBytes(firstLoadJsUrls));

  const ratio = round(timings["/ngos/{slug}"].p50 / timings["GET /api/registry/ngos/{slug}"].p50, 2);
  // `/` makes two API calls' worth of work: the page of entries and the statistics.
  const homeApi = timings["GET /api/registry/ngos (the explorer's page)"].p50 + timings["GET /api/registry/ngos?view=stats"].p50;
  const homeRatio = round(timings["/"].p50 / homeApi, 2);
  const firstLoadJs = kb(transfers["/"]!.js);
  const worstLcp = Math.max(...Object.values(transfers).map((t) => t.lcpMs));
  const targets = [
    { target: `first-load JS of / ≤ ${TARGETS.firstLoadJsKb} KB compressed (gzip, as next start sends it)`, value: `${firstLoadJs} KB`, met: firstLoadJs <= TARGETS.firstLoadJsKb },
    { target: `the same with Brotli (as a CDN such as Vercel's sends it)`, value: `${firstLoadJsBrotli} KB`, met: firstLoadJsBrotli <= TARGETS.firstLoadJsKb },
    { target: `/ngos/{slug} p50 ≤ ${TARGETS.pageVsApi}× the API's`, value: `${ratio}×`, met: ratio <= TARGETS.pageVsApi },
    { target: `/ p50 ≤ ${TARGETS.pageVsApi}× its API calls' (list page + statistics)`, value: `${homeRatio}×`, met: homeRatio <= TARGETS.pageVsApi },
    { target: `LCP ≤ ${TARGETS.lcpMs} ms`, value: `${worstLcp} ms (slowest page)`, met: worstLcp <= TARGETS.lcpMs },
  ];
  const report = { at: new Date().toISOString(), settings, timings, transfers, targets };
  const md = [
    `# Explorer pages benchmark (${report.at})`,
    "",
    `${ngos} sample NGOs on PostgreSQL, \`next start\` on loopback; ${settings.requests} sequential requests per URL (gzip), ${settings.loads} cold Chromium loads per page (medians).`,
    "",
    "| URL | p50 ms | p99 ms | mean ms |",
    "|---|---:|---:|---:|",
    ...Object.entries(timings).map(([name, t]) => `| ${name} | ${t.p50} | ${t.p99} | ${t.mean} |`),
    "",
    "| Page | HTML KB | JS KB | CSS KB | other KB | LCP ms |",
    "|---|---:|---:|---:|---:|---:|",
    ...Object.entries(transfers).map(([name, t]) => `| ${name} | ${kb(t.html)} | ${kb(t.js)} | ${kb(t.css)} | ${kb(t.other)} | ${t.lcpMs} |`),
    "",
    "| Target | Measured | Met |",
    "|---|---|---|",
    ...targets.map((t) => `| ${t.target} | ${t.value} | ${t.met ? "yes" : "no"} |`),
    "",
  ].join("\n");
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, "pages.json"), JSON.stringify(report, null, 2) + "\n");
  fs.writeFileSync(path.join(RESULTS_DIR, "pages.md"), md);
  console.log(md);
} finally {
  await stopAll();
  await database?.drop();
}
