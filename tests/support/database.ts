// Throwaway PostgreSQL databases for integration tests, on the server TEST_POSTGRES_URL names.
// With TEST_POOLER=pgbouncer (beside TEST_DATABASE=postgres) tests reach them through the run's
// pgbouncer in transaction mode, as a deployment behind a pooler does: DATABASE_URL pooled,
// DIRECT_DATABASE_URL direct (migrations and seeding use that one).
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { childEnv } from "./child-env";
import { testPoolerPort, throughTestPooler } from "./pgbouncer";
import { ROOT } from "./root";

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export type TestDatabase = {
  /** How the app reaches it: through the run's pooler when there is one, else directly. */
  url: string;
  /** The database without the pooler (the same as url when there is none). */
  directUrl: string;
  /** DATABASE_URL, and DIRECT_DATABASE_URL when url goes through a pooler: what an app or the
   * CLI is given. */
  env: Record<string, string>;
  name: string;
  drop(): Promise<void>;
};

/**
 * Creates `tr_test_<random>`, migrates it with `npm run db:migrate`'s script and, unless told
 * not to, loads the default sample registry with `db:seed`'s (when that script exists). Without
 * migrating it is empty, and not seeded either.
 */
export async function createTestDatabase(options: { seed?: boolean; migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `tr_test_${randomBytes(6).toString("hex")}`;
  await admin(`CREATE DATABASE "${name}"`);
  const direct = new URL(ADMIN_URL);
  direct.pathname = `/${name}`;
  const directUrl = direct.toString();
  const poolerPort = testPoolerPort();
  const url = poolerPort === undefined ? directUrl : throughTestPooler(directUrl, poolerPort);
  const database: TestDatabase = {
    url,
    directUrl,
    env: url === directUrl ? { DATABASE_URL: url } : { DATABASE_URL: url, DIRECT_DATABASE_URL: directUrl },
    name,
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
  if (options.migrate === false) return database;
  try {
    await runScript("scripts/db-migrate.ts", database.env);
    if ((options.seed ?? true) && fs.existsSync(path.join(ROOT, "scripts/db-seed.ts"))) {
      await runScript("scripts/db-seed.ts", database.env);
    }
  } catch (error) {
    await database.drop();
    throw error;
  }
  return database;
}

/**
 * Whether the PostgreSQL tests can run. Where they must run (CI, or TEST_DATABASE=postgres) an
 * unreachable server is an error, never a silent skip.
 */
export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch (error) {
    if (process.env.CI || process.env.TEST_DATABASE === "postgres") {
      throw new Error(`PostgreSQL is required here but unreachable at TEST_POSTGRES_URL: ${String(error)}`);
    }
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function runScript(script: string, env: Record<string, string>): Promise<void> {
  try {
    await promisify(execFile)(path.join(ROOT, "node_modules/.bin/tsx"), [script], {
      cwd: ROOT,
      env: childEnv("development", env),
      timeout: 120_000,
    });
  } catch (error) {
    const { stderr = "", stdout = "" } = error as { stderr?: string; stdout?: string };
    throw new Error(`${script} failed:\n${stdout}${stderr}`.slice(-4_000));
  }
}
