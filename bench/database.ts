// The benchmark's throwaway PostgreSQL database: created empty, migrated and seeded with the
// project's own scripts, dropped at the end whatever happens. Or, with BENCH_DATABASE, a
// database seeded before (`db seed --count 2000000` takes minutes): migrated, used and kept.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { runToEnd, type Env } from "./processes";

export type BenchDatabase = { name: string; url: string; drop(): Promise<void> };

/** Creates `tr_bench_<random>` on the server `adminUrl` points at. */
export async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `tr_bench_${randomBytes(4).toString("hex")}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropping: Promise<void> | undefined;
  return {
    name,
    url: url.toString(),
    drop() {
      dropping ??= withClient(adminUrl, async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
      return dropping;
    },
  };
}

/**
 * The run's database and the seconds its load took: BENCH_DATABASE's when set (no load, so
 * null), else a new one of `count` sample entries.
 */
export async function openBenchDatabase(adminUrl: string, count: number, baseEnv: Env): Promise<{ database: BenchDatabase; loadSeconds: number | null }> {
  const reused = process.env.BENCH_DATABASE;
  if (!reused) return seedNewBenchDatabase(adminUrl, count, baseEnv);
  if (!/^[a-z_][a-z0-9_]*$/.test(reused)) throw new Error(`BENCH_DATABASE must be a plain database name, not ${JSON.stringify(reused)}`);
  const url = new URL(adminUrl);
  url.pathname = `/${reused}`;
  console.log(`Database ${reused} (BENCH_DATABASE): migrating, keeping its entries and the database`);
  await runToEnd("migrate", process.execPath, ["--import", "tsx", "scripts/db-migrate.ts"], { ...baseEnv, DATABASE_URL: url.toString() });
  await withClient(url.toString(), (client) => client.query("VACUUM ANALYZE"));
  return { database: { name: reused, url: url.toString(), drop: async () => {} }, loadSeconds: null };
}

/** A new throwaway database of `count` sample entries, and the seconds its load took. */
export async function seedNewBenchDatabase(adminUrl: string, count: number, baseEnv: Env): Promise<{ database: BenchDatabase; loadSeconds: number }> {
  const database = await createBenchDatabase(adminUrl);
  console.log(`Database ${database.name}: migrating and seeding ${count} NGOs…`);
  return { database, loadSeconds: await migrateAndSeed(database.url, count, baseEnv) };
}

/** Returns the seconds the seed alone took: the load through COPY, without events. */
export async function migrateAndSeed(databaseUrl: string, count: number, baseEnv: Env): Promise<number> {
  const env = { ...baseEnv, DATABASE_URL: databaseUrl };
  await runToEnd("migrate", process.execPath, ["--import", "tsx", "scripts/db-migrate.ts"], env);
  const started = performance.now();
  await runToEnd("seed", process.execPath, ["--import", "tsx", "scripts/db-seed.ts", "--count", String(count)], env);
  const loadSeconds = (performance.now() - started) / 1000;
  // Fresh statistics, as a long-running database would have: the planner sees 100k rows, not 0.
  await withClient(databaseUrl, (client) => client.query("VACUUM ANALYZE"));
  return loadSeconds;
}

export type DatabaseFacts = { ngos: number; public_ngos: number; postgres: string };

export async function describeDatabase(databaseUrl: string): Promise<DatabaseFacts> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ ngos: number; public_ngos: number; postgres: string }>(
      `SELECT count(*)::int AS ngos,
              count(*) FILTER (WHERE state IN ('verified', 'suspended', 'revoked'))::int AS public_ngos,
              current_setting('server_version') AS postgres
       FROM ngos`,
    );
    return rows[0] as DatabaseFacts;
  });
}

/**
 * Waits until no other session runs a statement in the database. When a load run ends, the
 * statements of its last requests still run (autocannon hangs up, the server carries on), and
 * a slow one, like the statistics scan, would weigh on the next scenario.
 */
export async function waitForIdle(databaseUrl: string, timeoutMs = 30_000): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ active: number }>(
        `SELECT count(*)::int AS active FROM pg_stat_activity
         WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
      );
      if (rows[0]?.active === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: "trust-registry-bench" });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
