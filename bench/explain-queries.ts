// The SQL behind the benchmarked registry calls, with EXPLAIN (ANALYZE, BUFFERS) of each, for the
// report of a missed target. It calls the same lib functions as the routes (DATABASE_URL), catches
// the statements they send through pg, and runs each again under EXPLAIN.
// Usage: node --import tsx bench/explain-queries.ts <search word> <deep cursor>   (prints JSON)
import pg from "pg";
import { config } from "@/lib/config";
import { closeConnection } from "@/lib/db";
import { computeRegistryStats } from "@/lib/registry/get-registry-stats";
import { listNgos } from "@/lib/registry/list-ngos";

type Statement = { text: string; values: unknown[] };

const caught: Statement[] = [];
const poolQuery = pg.Pool.prototype.query;
// @prisma/adapter-pg sends every statement as pool.query({ text, values, … }).
pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
  const [config] = args;
  if (typeof config === "object" && config !== null && "text" in config) {
    const { text, values } = config as { text: string; values?: unknown[] };
    if (/\bFROM ngos\b/.test(text)) caught.push({ text, values: values ?? [] });
  }
  return (poolQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Pool.prototype.query;

const [q = "nairobi", cursor] = process.argv.slice(2);
const calls: [string, () => Promise<unknown>][] = [
  ["list", () => listNgos({ limit: 20 }, "public")],
  ["list deep page", () => listNgos({ limit: 20, cursor }, "public")],
  ["search", () => listNgos({ q }, "public")],
  ["stats", () => computeRegistryStats({}, "public")],
];

const client = new pg.Client({ connectionString: config().databaseUrl });
await client.connect();
const plans: Record<string, { sql: string; values: unknown[]; plan: string }[]> = {};
try {
  for (const [label, call] of calls) {
    if (label === "list deep page" && !cursor) continue;
    caught.length = 0;
    await call();
    plans[label] = [];
    for (const { text, values } of [...caught]) {
      const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
      plans[label].push({ sql: text, values, plan: rows.map((r) => r["QUERY PLAN"]).join("\n") });
    }
  }
  console.log(JSON.stringify(plans));
} finally {
  await client.end();
  await closeConnection();
}
