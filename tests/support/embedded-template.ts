// A fresh embedded database costs its migrations and the 500-entry sample fill: about five
// seconds of every test app's start, and there are dozens. The integration run's global setup
// makes one such database the way any first start does, and a test that wants a fresh embedded
// database of its own gets a copy of it: exactly what a second start of a new database finds.
// Tests about the first start itself (startup, the embedded lock) pass a directory of their own
// and get no copy; the crash-mid-migration test gets a copy of a database initialised but not
// yet migrated.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { childEnv } from "./child-env";
import { ROOT } from "./root";
import { scriptArgs } from "./test-scripts";

/** Where the run's templates live; set by the global setup, inherited by the test workers. */
const TEMPLATE_ENV = "TEST_EMBEDDED_TEMPLATE";
const EMPTY_TEMPLATE_ENV = "TEST_EMBEDDED_EMPTY_TEMPLATE";

/**
 * Makes the run's two templates: a database PGlite has just initialised (its initdb alone takes
 * seconds), and a copy of it migrated and filled. Returns their removal.
 */
export async function makeEmbeddedTemplate(): Promise<() => void> {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), "tr-template-empty-"));
  const { PGlite } = await import("@electric-sql/pglite");
  await (await PGlite.create(path.join(empty, "pglite"))).close();
  process.env[EMPTY_TEMPLATE_ENV] = empty;
  const dir = copyOf(EMPTY_TEMPLATE_ENV, "tr-template-");
  // The keys script with no keys: it opens the database (migrating and filling it) and closes it.
  await promisify(execFile)(process.execPath, scriptArgs("tests/support/scripts/create-keys.ts", "{}"), {
    cwd: ROOT,
    env: childEnv("development", { DATA_DIR: dir, DATABASE_URL: "" }),
    timeout: 120_000,
  });
  process.env[TEMPLATE_ENV] = dir;
  return () => {
    for (const template of [dir, empty]) fs.rmSync(template, { recursive: true, force: true });
  };
}

/**
 * A new temporary directory for an app's or the CLI's DATA_DIR, holding a copy of the run's
 * migrated and filled embedded database (outside a Vitest run there is none, and the first open
 * migrates and fills as usual).
 */
export function freshEmbeddedDataDir(prefix: string): string {
  return copyOf(TEMPLATE_ENV, prefix);
}

/** Like freshEmbeddedDataDir, with a database no migration has touched yet. */
export function emptyEmbeddedDataDir(prefix: string): string {
  return copyOf(EMPTY_TEMPLATE_ENV, prefix);
}

function copyOf(templateEnv: string, prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = process.env[templateEnv];
  if (template) fs.cpSync(path.join(template, "pglite"), path.join(dir, "pglite"), { recursive: true });
  return dir;
}
