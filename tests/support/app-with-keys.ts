// Starts the app with API keys made beforehand: the keys are created on the app's database by a
// child process (an embedded database admits one process at a time), then the app starts on it.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { CreateApiKeyInput } from "@/lib/keys/schemas";
import { startApp, type StartAppOptions, type StartedApp } from "./app";
import { childEnv } from "./child-env";
import { createTestDatabase } from "./database";
import { freshEmbeddedDataDir } from "./embedded-template";
import { ROOT } from "./root";
import { scriptArgs } from "./test-scripts";

export type CreatedKeys<Name extends string> = Record<Name, { key: string; id: string }>;

export async function startAppWithKeys<Name extends string>(
  specs: Record<Name, CreateApiKeyInput>,
  /** appDatabaseUrl: how the app reaches a PostgreSQL database (a forwarder in front of it, say). */
  options: StartAppOptions & { appDatabaseUrl?: (url: string) => string } = {},
): Promise<{ app: StartedApp; keys: CreatedKeys<Name> }> {
  const postgres = (options.database ?? (process.env.TEST_DATABASE === "postgres" ? "postgres" : "pglite")) === "postgres";
  const database = postgres ? await createTestDatabase() : undefined;
  const dataDir = database ? fs.mkdtempSync(path.join(os.tmpdir(), "tr-keys-")) : freshEmbeddedDataDir("tr-keys-");
  const env: Record<string, string> = database ? database.env : { DATA_DIR: dataDir, DATABASE_URL: "" };
  try {
    const keys = await createKeys(specs, env);
    const appEnv = database && options.appDatabaseUrl ? { DATABASE_URL: options.appDatabaseUrl(database.url) } : env;
    const app = await startApp({ ...options, env: { ...options.env, ...appEnv } });
    const stop = app.stop;
    app.stop = async () => {
      await stop();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
    return { app, keys };
  } catch (error) {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Makes API keys on the database `env` names (DATABASE_URL, or DATA_DIR for an embedded one) in a
 * child process, as the operator's tools would: no app needs to run.
 */
export async function createKeys<Name extends string>(specs: Record<Name, CreateApiKeyInput>, env: Record<string, string>): Promise<CreatedKeys<Name>> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    scriptArgs("tests/support/scripts/create-keys.ts", JSON.stringify(specs)),
    { cwd: ROOT, env: childEnv("development", env), timeout: 120_000 },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as CreatedKeys<Name>;
}
