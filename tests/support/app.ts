// Starts the real app (`next start` on the build global-setup made) for an integration test, on
// a database of its own, and stops it again. Each test file starts its app in beforeAll.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { answersLiveness } from "./answers-liveness";
import { BUILD_ID_FILE } from "./build";
import { childEnv } from "./child-env";
import { createTestDatabase } from "./database";
import { freshEmbeddedDataDir } from "./embedded-template";
import { killGroup, once, watchForOrphaning } from "./process-group";
import { ROOT } from "./root";

export type StartAppOptions = {
  /** Default: postgres when TEST_DATABASE=postgres, else the embedded PGlite. */
  database?: "pglite" | "postgres";
  /** Extra environment for the app. A DATABASE_URL here is used as is: nothing is created,
   * migrated, seeded or dropped. */
  env?: Record<string, string>;
  /** The app's DATA_DIR, when the test shares one between apps: the test removes it, and its
   * embedded database starts as the directory holds it. Default: a fresh temporary directory
   * (with a copy of the run's migrated embedded database), removed on stop. */
  dataDir?: string;
};

export type StartedApp = {
  url: string;
  /** The throwaway database (postgres) or the one given in `env`. */
  databaseUrl?: string;
  /** The app's DATA_DIR: a fresh temporary directory, removed on stop. */
  dataDir: string;
  /** Everything the app wrote to stdout and stderr so far. */
  logs(): string;
  stop(): Promise<void>;
};

const START_TIMEOUT_MS = 60_000;
export const TEST_ANONYMOUS_LIMIT = 1_000_000;

export async function startApp(options: StartAppOptions = {}): Promise<StartedApp> {
  if (!fs.existsSync(BUILD_ID_FILE)) {
    throw new Error("No build in .next: run integration tests through vitest (its globalSetup builds) or `npm run build`.");
  }
  const database = options.database ?? (process.env.TEST_DATABASE === "postgres" ? "postgres" : "pglite");
  // A directory of its own for an embedded database holds a copy of the run's migrated one.
  const ownEmbedded = database === "pglite" && options.env?.DATA_DIR === undefined && options.env?.DATABASE_URL === undefined;
  const dataDir = options.dataDir ?? (ownEmbedded ? freshEmbeddedDataDir("tr-app-") : fs.mkdtempSync(path.join(os.tmpdir(), "tr-app-")));
  const cleanups: (() => Promise<void>)[] = options.dataDir ? [] : [async () => fs.rmSync(dataDir, { recursive: true, force: true })];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await fn().catch(() => {});
  };
  try {
    let databaseUrl = options.env?.DATABASE_URL;
    let directUrl: Record<string, string> = {};
    if (databaseUrl === undefined && database === "postgres") {
      const created = await createTestDatabase();
      cleanups.push(created.drop);
      databaseUrl = created.url;
      directUrl = created.env.DIRECT_DATABASE_URL ? { DIRECT_DATABASE_URL: created.env.DIRECT_DATABASE_URL } : {};
    }
    // An empty DATABASE_URL means the embedded database, and keeps a .env file from setting one.
    // The free tier's 60 a minute, and 20 failed authentications a minute, would throttle suites
    // that are about something else; the rate-limit suites set RATE_LIMIT_ANONYMOUS_PER_MINUTE
    // and RATE_LIMIT_FAILED_AUTH_PER_MINUTE (or "" for the default) themselves.
    const env = childEnv("production", {
      DATA_DIR: dataDir,
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: String(TEST_ANONYMOUS_LIMIT),
      RATE_LIMIT_FAILED_AUTH_PER_MINUTE: String(TEST_ANONYMOUS_LIMIT),
      ...directUrl,
      ...options.env,
      DATABASE_URL: databaseUrl ?? "",
    });
    const { child, logs } = spawnNext(env, dataDir);
    cleanups.push(() => killGroup(child));
    const url = await waitUntilServing(child, logs);
    return { url, databaseUrl, dataDir, logs, stop: once(cleanup) };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

// Port 0: the kernel picks a free port as the server binds it, and Next prints which. Picking a
// free port first and handing it over would leave a moment in which another test's server could
// take it, and this test would then talk to that one.
function spawnNext(env: NodeJS.ProcessEnv, dataDir: string): { child: ChildProcess; logs: () => string } {
  const next = path.join(ROOT, "node_modules/next/dist/bin/next");
  // Its own process group, so stopping it stops everything it started.
  const child = spawn(process.execPath, [next, "start", "-p", "0", "-H", "127.0.0.1"], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  watchForOrphaning(child, dataDir);
  return { child, logs: () => output };
}

/** The app's URL once it answers: the address Next printed, then its liveness route. */
async function waitUntilServing(child: ChildProcess, logs: () => string): Promise<string> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The app exited (${child.exitCode ?? child.signalCode}) before serving:\n${tail(logs())}`);
    }
    const port = /Local:\s+http:\/\/127\.0\.0\.1:(\d+)/.exec(logs())?.[1];
    const answered = port !== undefined && (await answersLiveness(`http://127.0.0.1:${port}`));
    if (answered) return `http://127.0.0.1:${port}`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The app did not serve within ${START_TIMEOUT_MS / 1000} s:\n${tail(logs())}`);
}

function tail(text: string): string {
  return text.split("\n").slice(-40).join("\n");
}

