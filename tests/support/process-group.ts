// Child processes a test starts in a process group of their own (spawn with `detached: true`):
// stopped as a group, and never left behind when the test process dies without stopping them.
import { spawn, type ChildProcess } from "node:child_process";
import type net from "node:net";

const STOP_GRACE_MS = 5_000;

// Run by a detached watchdog holding a pipe from this process: when this process ends in any way
// (also SIGKILL, or Vitest killing its worker) the pipe closes, and the watchdog kills the child's
// process group and removes its directory, if it has one.
const WATCHDOG = `process.stdin.resume().on("end", () => {
  try { process.kill(-Number(process.argv[1]), "SIGKILL") } catch {}
  if (process.argv[2]) require("node:fs").rmSync(process.argv[2], { recursive: true, force: true })
})`;

/** Kills the child's group and removes `dir` if this process ends before the child does. */
export function watchForOrphaning(child: ChildProcess, dir = ""): void {
  if (child.pid === undefined) return;
  const watchdog = spawn(process.execPath, ["-e", WATCHDOG, String(child.pid), dir], {
    detached: true,
    stdio: ["pipe", "ignore", "ignore"],
  });
  watchdog.unref();
  (watchdog.stdin as net.Socket).unref();
  child.once("exit", () => watchdog.kill());
}

/** SIGTERM to the child's group, SIGKILL if it has not exited within 5 s; resolves on its exit. */
export async function killGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  signalGroup(child, "SIGTERM");
  const timer = setTimeout(() => signalGroup(child, "SIGKILL"), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // Already gone.
  }
}

/** `fn` run at most once: later calls share the first call's promise. */
export function once<T>(fn: () => Promise<T>): () => Promise<T> {
  let done: Promise<T> | undefined;
  return () => (done ??= fn());
}
