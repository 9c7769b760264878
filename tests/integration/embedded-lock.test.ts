// The embedded database's lock raced by many processes at once, each starting tsx: seconds of
// process start-up, so an integration test (lib/db/embedded-lock.test.ts covers one process).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ROOT } from "../support/root";

let dir: string;
let file: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tr-lock-"));
  file = path.join(dir, "pglite.lock");
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const boot = () => fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
function writeHolder(holder: Record<string, unknown>): void {
  fs.writeFileSync(file, JSON.stringify({ host: os.hostname(), boot: boot(), token: "other", ...holder }));
}

/**
 * Starts a process that loads the lock module, says "ready", tries the lock when told "go" and
 * says whether it won, and holds what it won until its stdin closes.
 */
function contender(file: string) {
  const script = `
    const { takeEmbeddedLock } = await import(${JSON.stringify(path.join(ROOT, "lib/db/embedded-lock.ts"))});
    const { createInterface } = await import("node:readline");
    const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
    console.log("ready");
    await lines.next();
    try { takeEmbeddedLock(${JSON.stringify(file)}); console.log("won"); } catch (error) { console.log(error.name); }
    while (!(await lines.next()).done);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: ROOT, stdio: ["pipe", "pipe", "inherit"] });
  const said: string[] = [];
  const waiters: (() => void)[] = [];
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    said.push(...chunk.split("\n").filter(Boolean));
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const line = async (n: number): Promise<string> => {
    while (said.length <= n) {
      await Promise.race([new Promise<void>((wake) => waiters.push(wake)), exited]);
      if (child.exitCode !== null && said.length <= n) return "exited";
    }
    return said[n]!;
  };
  return { child, line, exited };
}

describe("the embedded database lock", () => {
  it("goes to exactly one of many processes trying at once, also over a stale lock", async () => {
    for (const stale of [false, true]) {
      if (stale) writeHolder({ pid: spawnSync(process.execPath, ["-e", "0"]).pid, started: "1" });
      const contenders = Array.from({ length: 6 }, () => contender(file));
      try {
        // All try at one moment, once every one has started (tsx takes seconds on a busy machine),
        // and the winner holds on until every attempt is over.
        expect(await Promise.all(contenders.map((c) => c.line(0)))).toEqual(Array(6).fill("ready"));
        for (const c of contenders) c.child.stdin!.write("go\n");
        const results = await Promise.all(contenders.map((c) => c.line(1)));
        expect(results.filter((r) => r === "won")).toHaveLength(1);
        expect(results.filter((r) => r === "DatabaseBusyError")).toHaveLength(5);
      } finally {
        for (const c of contenders) c.child.stdin!.end();
        await Promise.all(contenders.map((c) => c.exited));
      }
      fs.rmSync(file, { force: true });
    }
  }, 60_000);
});
