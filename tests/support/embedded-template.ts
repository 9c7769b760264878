// A fresh embedded database costs its migrations and the 500-entry sample fill: about five
// seconds of every test app's start, and there are dozens. The integration run's global setup
// makes one such database the way any first start does, and a test that wants a fresh embedded
// database of its own gets a copy of it: exactly what a second start of a new database finds.
// Tests about the first start itself (startup, the embedded lock, a crash mid-migration) pass a
// directory of their own and get no copy.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { childEnv } from "./child-env";
import { ROOT } from "./root";

/** Where the run's template lives; set by the global setup, inherited by the test workers. */
const TEMPLATE_ENV = "TEST_EMBEDDED_TEMPLATE";

/** Migrates and fills an embedded database in a new directory; returns its removal. */
export async function makeEmbeddedTemplate(): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tr-template-"));
  // The keys script with no keys: it opens the database (migrating and filling it) and closes it.
  await promisify(execFile)(path.join(ROOT, "node_modules/.bin/tsx"), ["tests/support/scripts/create-keys.ts", "{}"], {
    cwd: ROOT,
    env: childEnv("development", { DATA_DIR: dir, DATABASE_URL: "" }),
    timeout: 120_000,
  });
  process.env[TEMPLATE_ENV] = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * A new temporary directory for an app's or the CLI's DATA_DIR, holding a copy of the run's
 * migrated and filled embedded database (outside a Vitest run there is none, and the first open
 * migrates and fills as usual).
 */
export function freshEmbeddedDataDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = process.env[TEMPLATE_ENV];
  if (template) fs.cpSync(path.join(template, "pglite"), path.join(dir, "pglite"), { recursive: true });
  return dir;
}
