// Child processes of the benchmark: one-shot commands (build, migrate, seed), the servers under
// test and their helpers (fakes, shims). Every process started here is remembered so that stopAll
// ends exactly those.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export const WORK_DIR = path.resolve("bench/.work");

const servers = new Set<ChildProcess>();

/** Environment variables for a child; NODE_ENV may be absent (Next's typing says otherwise). */
export type Env = Record<string, string | undefined>;

export class ProcessError extends Error {
  override name = "ProcessError";
}

/** Runs a command to completion, its output shown as it comes; rejects on a non-zero exit. */
export function runToEnd(label: string, command: string, args: string[], env: Env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: env as NodeJS.ProcessEnv, stdio: ["ignore", "inherit", "inherit"] });
    servers.add(child);
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      servers.delete(child);
      if (code === 0) resolve();
      else reject(new ProcessError(`${label} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/** pid: also the id of its process group, which holds everything it forked. */
export type Server = { label: string; baseUrl: string; logFile: string; pid: number };

/**
 * Starts a server in its own process group (so stopping it also stops anything it forked),
 * its output going to bench/.work/<label>.log, and waits until readyPath answers 200.
 */
export async function startServer(
  label: string,
  port: number,
  command: string,
  args: string[],
  env: Env,
  readyPath: string,
): Promise<Server> {
  fs.mkdirSync(WORK_DIR, { recursive: true });
  const logFile = path.join(WORK_DIR, `${label}.log`);
  const log = fs.openSync(logFile, "w");
  const child = spawn(command, args, { env: env as NodeJS.ProcessEnv, stdio: ["ignore", log, log], detached: true });
  fs.closeSync(log);
  servers.add(child);
  let exited: string | undefined;
  child.once("exit", (code, signal) => {
    servers.delete(child);
    exited = signal ?? `exit code ${code}`;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited) throw new ProcessError(`${label} stopped (${exited}) before it was ready:\n${tail(logFile)}`);
    const status = await fetch(baseUrl + readyPath).then((r) => (r.body?.cancel(), r.status), () => 0);
    if (status === 200) return { label, baseUrl, logFile, pid: child.pid as number };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new ProcessError(`${label} was not ready within 60 s:\n${tail(logFile)}`);
}

/**
 * A helper service of the run (a test fake or shim, `script`) in a process and process group of
 * its own, so that its CPU time and its pauses are its own rather than the load generator's. The
 * script prints what a client needs as one JSON line on stdout once it listens, and ends on
 * SIGTERM; stopAll stops it with the servers.
 */
export function startHelper<T>(label: string, script: string, env: Env): Promise<{ pid: number; info: T }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script], { env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "inherit"], detached: true });
    servers.add(child);
    let output = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      const line = output.split("\n")[0];
      if (output.includes("\n") && line) resolve({ pid: child.pid as number, info: JSON.parse(line) as T });
    });
    child.once("exit", (code, signal) => {
      servers.delete(child);
      reject(new ProcessError(`${label} stopped (${signal ?? `exit code ${code}`}) before it was ready`));
    });
  });
}

/** Ends every process this module started: SIGTERM to its group, SIGKILL if it lingers. */
export async function stopAll(): Promise<void> {
  await Promise.all(
    [...servers].map(async (child) => {
      const pid = child.pid;
      if (pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      signal(pid, "SIGTERM");
      const timer = setTimeout(() => signal(pid, "SIGKILL"), 5_000);
      await gone;
      clearTimeout(timer);
    }),
  );
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(-pid, name); // the process group of a detached server (its pid is the group's id)
  } catch {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  }
}

/** A TCP port that was free a moment ago, on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no output)";
  }
}
