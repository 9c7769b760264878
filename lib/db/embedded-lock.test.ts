// One process's view of the lock; tests/integration/embedded-lock.test.ts races many processes for it.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DatabaseBusyError, FOREIGN_LOCK_TRUST_MS, takeEmbeddedLock } from "./embedded-lock";

let dir: string;
let file: string;
const sleepers: ChildProcess[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tr-lock-"));
  file = path.join(dir, "pglite.lock");
});
afterEach(() => {
  for (const child of sleepers.splice(0)) child.kill("SIGKILL");
  fs.rmSync(dir, { recursive: true, force: true });
});

const boot = () => fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
const startTime = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
};
function liveProcess(): number {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  sleepers.push(child);
  return child.pid!;
}
function writeHolder(holder: Record<string, unknown>, ageMs = 0): void {
  fs.writeFileSync(file, JSON.stringify({ host: os.hostname(), boot: boot(), token: "other", ...holder }));
  const then = new Date(Date.now() - ageMs);
  fs.utimesSync(file, then, then);
}

describe("the embedded database lock", () => {
  it("is refused while a live process holds it, naming that process", () => {
    const pid = liveProcess();
    writeHolder({ pid, started: startTime(pid) });
    expect(() => takeEmbeddedLock(file)).toThrow(DatabaseBusyError);
    expect(() => takeEmbeddedLock(file)).toThrow(new RegExp(`in use by process ${pid}`));
  });

  it("is taken over from a dead process, and released", () => {
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid;
    writeHolder({ pid: dead, started: "1" });
    const release = takeEmbeddedLock(file);
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toMatchObject({ pid: process.pid });
    release();
    expect(fs.existsSync(file)).toBe(false);
  });

  it("is taken over when its pid now belongs to another process (pid reuse)", () => {
    const pid = liveProcess();
    writeHolder({ pid, started: String(Number(startTime(pid)) - 1000) });
    takeEmbeddedLock(file)();
  });

  it("is taken over from before a reboot, and from an old lock file that held only a pid", () => {
    writeHolder({ pid: liveProcess(), started: "5", boot: "another-boot" });
    takeEmbeddedLock(file)();
    fs.writeFileSync(file, "999999999");
    takeEmbeddedLock(file)();
  });

  it("trusts another host's lock while it is refreshed, and not after", () => {
    writeHolder({ pid: 1, started: "1", host: "elsewhere" });
    expect(() => takeEmbeddedLock(file)).toThrow(/on elsewhere/);
    writeHolder({ pid: 1, started: "1", host: "elsewhere" }, FOREIGN_LOCK_TRUST_MS + 1_000);
    takeEmbeddedLock(file)();
  });
});
