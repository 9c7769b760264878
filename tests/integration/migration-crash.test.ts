// A migration runner killed at any moment (SIGKILL after each of its statements in turn) leaves
// a database the next run completes: every migration applied and recorded exactly once, never
// "already exists". On the embedded PGlite and on PostgreSQL.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { promisify } from "node:util";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { listShippedMigrations } from "@/lib/db/shipped-migrations";
import { childEnv } from "../support/child-env";
import { postgresAvailable } from "../support/database";
import { emptyEmbeddedDataDir } from "../support/embedded-template";
import { inParallel } from "../support/in-parallel";
import { ROOT } from "../support/root";
import { scriptArgs } from "../support/test-scripts";

type Outcome = { statements: number; applied: string[]; finished: string[] };
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const shipped = listShippedMigrations().map((m) => m.name);

async function migrate(env: Record<string, string>, killAfter: number): Promise<Outcome | "killed"> {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      scriptArgs("tests/support/scripts/migrate-until-killed.ts", String(killAfter)),
      { cwd: ROOT, env: childEnv("development", env), timeout: 120_000 },
    );
    return JSON.parse(stdout) as Outcome;
  } catch (error) {
    if ((error as { signal?: string }).signal === "SIGKILL") return "killed";
    const { stderr = "" } = error as { stderr?: string };
    throw new Error(`the runner failed: ${stderr.slice(-1_000)}`);
  }
}

type Target = { env: Record<string, string>; drop(): Promise<void> };

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

const targets: Record<string, () => Promise<Target>> = {
  pglite: async () => {
    // Initialised (PGlite's initdb takes seconds) but not migrated: what a first start migrates.
    const dir = emptyEmbeddedDataDir("tr-migrate-");
    return { env: { DATA_DIR: dir, DATABASE_URL: "" }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  },
  postgres: async () => {
    const name = `tr_test_${randomBytes(6).toString("hex")}`;
    await admin(`CREATE DATABASE "${name}"`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return { env: { DATABASE_URL: url.toString() }, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
  },
};

// The suite's database: PGlite by default, PostgreSQL under TEST_DATABASE=postgres (as CI runs both).
const kind = process.env.TEST_DATABASE === "postgres" ? "postgres" : "pglite";

describe(`a migration runner killed mid-run, on ${kind}`, () => {
  it("leaves a database the next run completes, each migration recorded once", { timeout: 600_000 }, async (context) => {
    if (kind === "postgres" && !(await postgresAvailable())) return context.skip();
    const make = targets[kind] as () => Promise<Target>;
    const clean = await make();
    const whole = await migrate(clean.env, 0).finally(clean.drop);
    expect(whole).toMatchObject({ applied: shipped, finished: shipped });
    const { statements } = whole as Outcome;

    const failures: string[] = [];
    // Every statement of the set-up (2) and of the first migration, and of the last migration:
    // each migration is applied by the same five statements (lock, check, its SQL, record,
    // commit), so the ones between add nothing.
    const points = [...new Set([1, 2, 3, 4, 5, 6, 7, statements - 4, statements - 3, statements - 2, statements - 1])];
    await inParallel(points, 3, async (point) => {
      const target = await make();
      try {
        expect(await migrate(target.env, point)).toBe("killed");
        const after = await migrate(target.env, 0);
        if (after === "killed" || after.finished.join() !== shipped.join()) failures.push(`killed after statement ${point}: ${JSON.stringify(after)}`);
      } catch (error) {
        failures.push(`killed after statement ${point}: ${String(error).slice(0, 500)}`);
      } finally {
        await target.drop();
      }
    });
    expect(failures).toEqual([]);
  });
});
