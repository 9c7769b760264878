// Starts the app with API keys. On the embedded database the app makes its demo keys at its first
// start (lib/keys/ensure-demo-keys.ts): the keys are made through POST /api/v1/keys with the demo
// operator key, as an operator would, in the test's own process. On PostgreSQL, with no demo keys,
// a child process makes them on the database before the app starts.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { DEMO_KEYS_FILE, type DemoKeysFile } from "@/lib/keys/ensure-demo-keys";
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
    const keysBefore = database ? await createKeys(specs, env) : undefined;
    const appEnv = database && options.appDatabaseUrl ? { DATABASE_URL: options.appDatabaseUrl(database.url) } : env;
    const app = await startApp({ ...options, env: { ...options.env, ...appEnv } });
    let keys: CreatedKeys<Name>;
    try {
      keys = keysBefore ?? (await createKeysOverHttp(app.url, dataDir, specs));
    } catch (error) {
      await app.stop();
      throw error;
    }
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

/** Makes the keys through the running app's API, with the demo operator key its first start wrote. */
async function createKeysOverHttp<Name extends string>(url: string, dataDir: string, specs: Record<Name, CreateApiKeyInput>): Promise<CreatedKeys<Name>> {
  const demo = JSON.parse(fs.readFileSync(path.join(dataDir, DEMO_KEYS_FILE), "utf8")) as DemoKeysFile;
  const created: Partial<CreatedKeys<Name>> = {};
  for (const [name, spec] of Object.entries(specs) as [Name, CreateApiKeyInput][]) {
    const response = await fetch(`${url}/api/v1/keys`, {
      method: "POST",
      headers: { Authorization: `Bearer ${demo.operator.key}`, "Content-Type": "application/json" },
      body: JSON.stringify(spec),
    });
    const body = (await response.json()) as { key: string; data: { id: string } };
    if (response.status !== 201) throw new Error(`POST /api/v1/keys for '${name}': ${response.status} ${JSON.stringify(body)}`);
    created[name] = { key: body.key, id: body.data.id };
  }
  return created as CreatedKeys<Name>;
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
