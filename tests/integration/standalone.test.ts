// Plain servers and Vercel previews: the standalone output (`node .next/standalone/server.js`)
// serves the app with its migrations and PGlite's files, and a Vercel preview with no database
// runs on sample data in the temporary directory, its deployment directory read-only.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { canMountReadOnly, STANDALONE_DIR, startStandalone, type StartedStandalone } from "../support/standalone";

const dirs: string[] = [];
const servers: StartedStandalone[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const cleanup of cleanups) await cleanup();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** Every file and folder under `dir` with its size and modification time. */
function snapshot(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const stat = fs.lstatSync(file);
      return `${path.relative(dir, file)} ${stat.size} ${stat.mtimeMs}`;
    })
    .sort();
}

async function expectServes(url: string): Promise<{ health: { status: string; checks: Record<string, { observedValue?: unknown; output?: string }[]> }; page: string }> {
  const healthResponse = await fetch(`${url}/api/health`);
  const health = (await healthResponse.json()) as { status: string; checks: Record<string, { observedValue?: unknown; output?: string }[]> };
  expect(healthResponse.status).toBe(200);
  expect(health.checks["database:migrations"]?.[0]).toMatchObject({ status: "pass" });
  const pageResponse = await fetch(`${url}/`);
  expect(pageResponse.status).toBe(200);
  const page = await pageResponse.text();
  expect(page).toMatch(/<h1[^>]*>/);
  // The page's stylesheet is served: .next/static was copied beside server.js.
  const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(page)?.[1];
  expect(stylesheet).toBeDefined();
  expect((await fetch(`${url}${stylesheet}`)).status).toBe(200);
  return { health, page };
}

/** The CPU time a process has used, in clock ticks (a hundredth of a second on Linux). */
function cpuTicks(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

describe("the standalone server", () => {
  it("keeps serving, idle, when the reader of its logs goes away, and still stops on SIGTERM", async () => {
    const server = await startStandalone({ env: { DATA_DIR: tempDir("tr-standalone-closed-logs-"), DATABASE_URL: "" } });
    servers.push(server);
    const pid = server.child.pid!;
    // A supervisor or log collector that died: both pipes closed at the reading end.
    server.child.stdout!.destroy();
    server.child.stderr!.destroy();
    // Every answer writes an access-log line into the closed pipe.
    for (let i = 0; i < 10; i++) expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = cpuTicks(pid);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // Idle, it spends next to nothing; logging its own failure to log, it spent half a core.
    expect(cpuTicks(pid) - before).toBeLessThan(40);
    expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => server.child.once("exit", (code) => resolve(code)));
    process.kill(-pid, "SIGTERM");
    const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve("still running"), 15_000))]);
    expect(code).not.toBe("still running");
  }, 120_000);

  const postgres = process.env.TEST_DATABASE === "postgres";
  it(`serves health and pages on ${postgres ? "PostgreSQL" : "the embedded database, migrated from the shipped migrations"}`, async () => {
    let env: Record<string, string> = { DATA_DIR: tempDir("tr-standalone-"), DATABASE_URL: "" };
    if (postgres) {
      const database = await createTestDatabase();
      cleanups.push(database.drop);
      env = { DATABASE_URL: database.url };
    }
    const server = await startStandalone({ env });
    servers.push(server);
    const { health } = await expectServes(server.url);
    expect(health.checks["data:kind"]?.[0]).toMatchObject({ observedValue: postgres ? "postgresql" : "embedded" });
    const registry = (await (await fetch(`${server.url}/api/registry/ngos?limit=1`)).json()) as { data: unknown[] };
    expect(registry.data).toHaveLength(1);
  });
});

describe("a Vercel preview without a database", () => {
  const mountable = canMountReadOnly();
  // Mounting needs root and mount namespaces: CI has both, and must not skip this.
  it.skipIf(!mountable && process.env.CI !== "true")(
    "runs on sample data in the temporary directory, says so in health and on the pages, and writes nothing to its own directory",
    async () => {
      expect(mountable, "the app's directory could not be mounted read-only (needs root and unshare -m)").toBe(true);
      const tmp = tempDir("tr-vercel-tmp-");
      const before = snapshot(STANDALONE_DIR);
      // Vercel sets VERCEL=1 and VERCEL_ENV; the data goes to the temporary directory by default.
      const server = await startStandalone({ readOnly: true, env: { VERCEL: "1", VERCEL_ENV: "preview", TMPDIR: tmp, DATABASE_URL: "" } });
      servers.push(server);
      const { health, page } = await expectServes(server.url);
      expect(health.status).toBe("warn");
      expect(health.checks["data:kind"]?.[0]).toMatchObject({ observedValue: "preview", output: expect.stringMatching(/^preview data, resets/) });
      expect(page).toMatch(/<aside class="preview-banner" aria-label="Preview deployment">.*Preview data, resets\./s);
      // Seeded: the sample registry and the demo keys, in the temporary directory.
      const registry = (await (await fetch(`${server.url}/api/registry/ngos?limit=1`)).json()) as { data: unknown[] };
      expect(registry.data).toHaveLength(1);
      const demoKeys = JSON.parse(fs.readFileSync(path.join(tmp, "trust-registry", "demo-keys.json"), "utf8")) as { partner: { key: string } };
      const keyed = await fetch(`${server.url}/api/registry/ngos?limit=1`, { headers: { Authorization: `Bearer ${demoKeys.partner.key}` } });
      expect(((await keyed.json()) as { meta: { tier: string } }).meta.tier).toBe("partner");
      expect(server.logs()).not.toMatch(/EROFS|read-only file system/i);
      await server.stop();
      expect(snapshot(STANDALONE_DIR)).toEqual(before);
    },
  );
});
