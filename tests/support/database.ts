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
 * Creates `tr_test_<random>`, migrated with `npm run db:migrate`'s script and, unless told not
 * to, holding the default sample registry of `db:seed`'s; without migrating it is empty, and not
 * seeded either. In a Vitest run it is a copy of the run's template of that kind (made once, by
 * the same scripts): CREATE DATABASE … TEMPLATE takes a fraction of a second, the scripts several.
 */
export async function createTestDatabase(options: { seed?: boolean; migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `tr_test_${randomBytes(6).toString("hex")}`;
  const migrate = options.migrate ?? true;
  const seed = migrate && (options.seed ?? true) && fs.existsSync(path.join(ROOT, "scripts/db-seed.ts"));
  const template = migrate ? await templateDatabase(seed) : undefined;
  await admin(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
  const directUrl = databaseUrl(name);
  const poolerPort = testPoolerPort();
  const url = poolerPort === undefined ? directUrl : throughTestPooler(directUrl, poolerPort);
  const database: TestDatabase = {
    url,
    directUrl,
    env: url === directUrl ? { DATABASE_URL: url } : { DATABASE_URL: url, DIRECT_DATABASE_URL: directUrl },
    name,
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
  if (!migrate || template) return database;
  try {
    await migrateAndSeed(database.env, seed);
  } catch (error) {
    await database.drop();
    throw error;
  }
  return database;
}

/** Set by the integration run's global setup: the name prefix of its template databases. */
const TEMPLATES_ENV = "TEST_POSTGRES_TEMPLATES";

/** Names this run's template databases (outside a Vitest run there are none). */
export function nameTemplateDatabases(): void {
  process.env[TEMPLATES_ENV] = `tr_template_${randomBytes(4).toString("hex")}`;
}

/** Drops the run's template databases, if it made any (and PostgreSQL is there to ask). */
export async function dropTemplateDatabases(): Promise<void> {
  const prefix = process.env[TEMPLATES_ENV];
  if (!prefix || !(await postgresAvailable().catch(() => false))) return;
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [prefix]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

// Per test worker: the first database of a kind makes the template, or finds it made.
const templates = new Map<boolean, Promise<string>>();

function templateDatabase(seeded: boolean): Promise<string> | undefined {
  const prefix = process.env[TEMPLATES_ENV];
  if (!prefix) return undefined;
  const name = `${prefix}_${seeded ? "seeded" : "migrated"}`;
  let made = templates.get(seeded);
  if (!made) {
    made = makeTemplateDatabase(name, seeded);
    templates.set(seeded, made);
  }
  return made;
}

/**
 * Makes the template once across the run's workers (an advisory lock held by this session), under
 * a name of its own until it is complete: no half-made template is ever copied. Nothing else ever
 * connects to it, which CREATE DATABASE … TEMPLATE requires.
 */
async function makeTemplateDatabase(name: string, seed: boolean): Promise<string> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext($1))", [name]);
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (rowCount === 0) {
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${building}"`);
      // Directly, never through the run's pooler, which would keep a connection to it.
      await migrateAndSeed({ DATABASE_URL: databaseUrl(building) }, seed);
      await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    }
  } finally {
    // Ending the session releases the lock.
    await client.end();
  }
  return name;
}

async function migrateAndSeed(env: Record<string, string>, seed: boolean): Promise<void> {
  await runScript("scripts/db-migrate.ts", env);
  if (seed) await runScript("scripts/db-seed.ts", env);
}

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
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
