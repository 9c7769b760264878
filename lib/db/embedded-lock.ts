// PGlite is one process's database: a second process opening the same directory would corrupt
// it. A lock file beside it turns that into a clear refusal. The file appears whole and at once
// (written aside, then hard-linked into place, which fails if the name exists), so two processes
// starting together cannot both win. A lock left by a dead process is taken over: on this
// machine when its pid is gone or now belongs to another process (a pid is reused, across
// container restarts too, but never with the same start time); from another host (a shared
// volume) when its holder stopped refreshing it.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createExclusively } from "@/lib/fs/create-exclusively";

export class DatabaseBusyError extends Error {
  override name = "DatabaseBusyError";
}

type Holder = { pid: number; host: string; boot: string; started: string; token: string };

/** How often the holder touches the lock, and how long a silent foreign lock is still believed. */
export const LOCK_HEARTBEAT_MS = 10_000;
export const FOREIGN_LOCK_TRUST_MS = 60_000;
const BREAK_GUARD_MS = 10_000;

/** Takes the lock or throws DatabaseBusyError naming the holder; returns its release. */
export function takeEmbeddedLock(file: string): () => void {
  const me = currentHolder();
  for (let attempt = 0; attempt < 50; attempt++) {
    if (createExclusively(file, `${JSON.stringify(me)}\n`)) return holdLock(file, me.token);
    const text = readText(file);
    if (text === undefined) continue;
    const holder = parseHolder(text);
    if (holder && !isStale(holder, file)) {
      throw new DatabaseBusyError(
        `The embedded database in ${path.dirname(file)} is in use by process ${holder.pid}` +
          `${holder.host === me.host ? "" : ` on ${holder.host}`} (a running \`npm run dev\` or \`npm start\`?). ` +
          "Stop that process first, or set DATABASE_URL.",
      );
    }
    removeIfUnchanged(file, text);
  }
  throw new DatabaseBusyError(`The embedded database in ${path.dirname(file)} is being opened by another process; try again.`);
}

function holdLock(file: string, token: string): () => void {
  const heartbeat = setInterval(() => {
    const now = new Date();
    if (readText(file)?.includes(token)) fs.utimesSync(file, now, now);
  }, LOCK_HEARTBEAT_MS);
  heartbeat.unref();
  const release = () => {
    clearInterval(heartbeat);
    const text = readText(file);
    if (text?.includes(token)) fs.rmSync(file, { force: true });
    process.removeListener("exit", release);
  };
  process.once("exit", release);
  return release;
}

function isStale(holder: Holder, file: string): boolean {
  const me = currentHolder();
  if (holder.host !== me.host) {
    const age = Date.now() - (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0);
    return age > FOREIGN_LOCK_TRUST_MS;
  }
  if (holder.boot !== me.boot) return true;
  // Ours from an earlier open in this process, or a dead process's whose pid we now have.
  if (holder.pid === process.pid) return true;
  return !isAlive(holder.pid) || (holder.started !== "" && startTime(holder.pid) !== holder.started);
}

/**
 * Removes a stale lock, unless it changed since it was judged. Breaking a lock takes a second,
 * short-lived lock (".break"), so no two processes break at once, and nobody else ever removes
 * the lock file: under it, the file cannot turn from the stale lock into a fresh one unseen.
 */
function removeIfUnchanged(file: string, staleText: string): void {
  const guard = `${file}.break`;
  if (!createExclusively(guard, String(process.pid))) {
    // Another process is breaking it; a guard this old outlived a process that died holding it.
    const age = Date.now() - (fs.statSync(guard, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > BREAK_GUARD_MS) fs.rmSync(guard, { force: true });
    else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    return;
  }
  try {
    if (readText(file) === staleText) fs.rmSync(file, { force: true });
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

function currentHolder(): Holder {
  return {
    pid: process.pid,
    host: os.hostname(),
    boot: readText("/proc/sys/kernel/random/boot_id")?.trim() ?? "",
    started: startTime(process.pid),
    token: holderToken(),
  };
}

let token: string | undefined;
function holderToken(): string {
  token ??= randomBytes(12).toString("hex");
  return token;
}

/** The process's start time in clock ticks since boot (Linux); "" where /proc is not there. */
function startTime(pid: number): string {
  const stat = readText(`/proc/${pid}/stat`);
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ")".
  return stat?.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? "";
}

function parseHolder(text: string): Holder | undefined {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    if (typeof value.pid === "number" && typeof value.host === "string") {
      return { pid: value.pid, host: value.host, boot: value.boot ?? "", started: value.started ?? "", token: value.token ?? "" };
    }
  } catch {
    // An old lock held only a pid.
    const pid = Number.parseInt(text, 10);
    if (Number.isFinite(pid)) return { pid, host: os.hostname(), boot: currentHolder().boot, started: "", token: "" };
  }
  return undefined;
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
