// Throwaway PostgreSQL databases for integration tests, on the server TEST_POSTGRES_URL names.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { childEnv } from "./child-env";
import { ROOT } from "./root";

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export type TestDatabase = { url: string; name: string; drop(): Promise<void> };

/**
 * Creates `tr_test_<random>`, migrates it with `npm run db:migrate`'s script and, unless told
 * not to, loads the default sample registry with `db:seed`'s (when that script exists).
 */
export async function createTestDatabase(options: { seed?: boolean } = {}): Promise<TestDatabase> {
  const name = `tr_test_${randomBytes(6).toString("hex")}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = {
    url: url.toString(),
    name,
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
  try {
    await runScript("scripts/db-migrate.ts", database.url);
    if ((options.seed ?? true) && fs.existsSync(path.join(ROOT, "scripts/db-seed.ts"))) {
      await runScript("scripts/db-seed.ts", database.url);
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

async function runScript(script: string, databaseUrl: string): Promise<void> {
  try {
    await promisify(execFile)(path.join(ROOT, "node_modules/.bin/tsx"), [script], {
      cwd: ROOT,
      env: childEnv("development", { DATABASE_URL: databaseUrl }),
      timeout: 120_000,
    });
  } catch (error) {
    const { stderr = "", stdout = "" } = error as { stderr?: string; stdout?: string };
    throw new Error(`${script} failed:\n${stdout}${stderr}`.slice(-4_000));
  }
}
