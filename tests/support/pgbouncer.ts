// Starts Debian's pgbouncer in transaction pooling mode in front of the test PostgreSQL, the way a
// serverless deployment's pooler (Supabase's, Neon's, a PgBouncer of one's own) sits in front of
// its database: each transaction may run on another server connection, and nothing of a session
// (prepared statements, session advisory locks, SET) carries over. pgbouncer 1.18 keeps no
// prepared statements across transactions at all, the strictest pooler there is.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { killGroup, once, watchForOrphaning } from "./process-group";

export const PGBOUNCER_BIN = process.env.PGBOUNCER_BIN ?? "/usr/sbin/pgbouncer";

export type PgBouncer = {
  port: number;
  /** pgbouncer's process id (for measuring what it costs). */
  pid: number;
  /** A URL of `database` on the test PostgreSQL, through this pgbouncer. */
  url(database: string): string;
  /** Everything pgbouncer logged so far. */
  logs(): string;
  stop(): Promise<void>;
};

export type PgBouncerOptions = {
  /** The PostgreSQL every database name is forwarded to. Default: 127.0.0.1:5432. */
  target?: { host: string; port: number };
  /** Server connections per database and user. Default: 20. */
  poolSize?: number;
};

const START_TIMEOUT_MS = 15_000;

/** Whether the pgbouncer tests can run. CI installs pgbouncer and runs them, never skips them. */
export function pgbouncerAvailable(): boolean {
  const installed = fs.existsSync(PGBOUNCER_BIN);
  if (!installed && (process.env.CI || process.env.TEST_POOLER === "pgbouncer")) {
    throw new Error(`pgbouncer is required here but not installed at ${PGBOUNCER_BIN} (Debian: apt-get install pgbouncer).`);
  }
  if (!installed) console.warn(`pgbouncer is not installed at ${PGBOUNCER_BIN}: the pooler tests are skipped.`);
  return installed;
}

/**
 * Starts pgbouncer on a free port (trust auth as `postgres`, any database name forwarded to the
 * target) and returns once it answers a query. Its files live in a temporary directory that
 * stop() removes; a watchdog stops it if this process ends without stop().
 */
export async function startPgBouncer(options: PgBouncerOptions = {}): Promise<PgBouncer> {
  if (!fs.existsSync(PGBOUNCER_BIN)) {
    throw new Error(`pgbouncer is not installed at ${PGBOUNCER_BIN} (Debian: apt-get install pgbouncer).`);
  }
  // The port is picked before pgbouncer binds it, so another process may take it in between:
  // then pgbouncer exits at once and the next attempt picks another one.
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await startOnce(await freePort(), options);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

async function startOnce(port: number, options: PgBouncerOptions): Promise<PgBouncer> {
  const target = options.target ?? { host: "127.0.0.1", port: 5432 };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tr-pgbouncer-"));
  const asRoot = process.getuid?.() === 0;
  // pgbouncer refuses to run as root: it drops to postgres (-u), which must write its log, pid
  // file and socket here.
  if (asRoot) chownToPostgres(dir);
  const ini = path.join(dir, "pgbouncer.ini");
  fs.writeFileSync(path.join(dir, "userlist.txt"), `"postgres" ""\n`);
  fs.writeFileSync(
    ini,
    [
      "[databases]",
      // The fallback entry: any database name the client asks for, on the target server.
      `* = host=${target.host} port=${target.port}`,
      "",
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      `logfile = ${path.join(dir, "pgbouncer.log")}`,
      `pidfile = ${path.join(dir, "pgbouncer.pid")}`,
      // The local PostgreSQL trusts 127.0.0.1; trust still wants the user named in auth_file.
      "auth_type = trust",
      `auth_file = ${path.join(dir, "userlist.txt")}`,
      "pool_mode = transaction",
      "max_client_conn = 2000",
      `default_pool_size = ${options.poolSize ?? 20}`,
      // Tests drop their databases: idle server connections to them should not linger.
      "server_idle_timeout = 10",
      "server_check_delay = 0",
      "admin_users = postgres",
      "",
    ].join("\n"),
  );
  if (asRoot) chownToPostgres(ini, path.join(dir, "userlist.txt"));

  const child = spawn(PGBOUNCER_BIN, [...(asRoot ? ["-u", "postgres"] : []), ini], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.once("error", (error) => (output += String(error)));
  watchForOrphaning(child, dir);
  // pgbouncer also writes its log to stderr, but only until it has opened the log file.
  const logs = () => {
    let file = "";
    try {
      file = fs.readFileSync(path.join(dir, "pgbouncer.log"), "utf8");
    } catch {
      // Not written yet.
    }
    return `${output}${file}`;
  };
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  const stop = once(async () => {
    await killGroup(child);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  try {
    await waitUntilAnswering(child, url("postgres"), logs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, pid: child.pid as number, url, logs, stop };
}

function chownToPostgres(...files: string[]): void {
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  for (const file of files) fs.chownSync(file, uid, gid);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject).listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswering(child: ChildProcess, url: string, logs: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`pgbouncer exited (${child.exitCode ?? child.signalCode}) before answering:\n${logs().slice(-3_000)}`);
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.query("SELECT 1");
      return;
    } catch (error) {
      lastError = error;
    } finally {
      await client.end().catch(() => {});
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`pgbouncer did not answer within ${START_TIMEOUT_MS / 1000} s (${String(lastError)}):\n${logs().slice(-3_000)}`);
}






/**
 * The integration pass's pooler: with TEST_POOLER=pgbouncer, global-setup starts one pgbouncer for
 * the whole run and hands its port to the test workers in TEST_PGBOUNCER_PORT. Undefined when the
 * run goes to PostgreSQL directly.
 */
export function testPoolerPort(): number | undefined {
  if (process.env.TEST_POOLER !== "pgbouncer") return undefined;
  const port = Number(process.env.TEST_PGBOUNCER_PORT);
  if (!Number.isInteger(port) || port <= 0) {
    throw new Error("TEST_POOLER=pgbouncer but no TEST_PGBOUNCER_PORT: run the tests through vitest (its globalSetup starts pgbouncer).");
  }
  return port;
}

/** `directUrl` (a database on the test PostgreSQL) through the run's pgbouncer. */
export function throughTestPooler(directUrl: string, port: number): string {
  const url = new URL(directUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return url.toString();
}
