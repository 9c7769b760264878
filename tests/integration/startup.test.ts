// What the server does when it cannot serve safely: it stops at start with one line saying why,
// rather than serving errors later. And the server secret of the embedded mode outlives restarts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startApp, type StartedApp } from "../support/app";

const dirs: string[] = [];
const apps: StartedApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function sharedDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tr-shared-"));
  dirs.push(dir);
  return dir;
}

/** Both tests are about the embedded database, whichever database the suite runs on. */
function embedded(dataDir: string): Promise<StartedApp> {
  return startApp({ database: "pglite", dataDir });
}

/** The one line a refused start printed about itself. */
function refusal(error: unknown): string[] {
  return String(error instanceof Error ? error.message : error)
    .split("\n")
    .filter((line) => line.includes("not starting"));
}

describe("starting the server", () => {
  it("two servers started at once on one embedded database: one serves, the other exits saying why", async () => {
    const dataDir = sharedDataDir();
    const results = await Promise.allSettled([embedded(dataDir), embedded(dataDir)]);
    const served = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    apps.push(...served);
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(served).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(String(refused[0])).toMatch(/exited \(1\)/);
    expect(refusal(refused[0])).toEqual([expect.stringMatching(/in use by process \d+/)]);
    expect((await fetch(`${served[0]?.url}/api/health`)).status).toBe(200);
  });

  it("keeps the generated server secret, so a cursor outlives a restart", async () => {
    const dataDir = sharedDataDir();
    let app = await embedded(dataDir);
    const first = (await (await fetch(`${app.url}/api/registry/ngos?limit=2`)).json()) as { page: { next_cursor: string } };
    await app.stop();
    expect(fs.statSync(path.join(dataDir, "server-secret")).mode & 0o777).toBe(0o600);
    app = await embedded(dataDir);
    apps.push(app);
    const second = await fetch(`${app.url}/api/registry/ngos?limit=2&cursor=${first.page.next_cursor}`);
    expect(second.status).toBe(200);
  });

  it("refuses to start on PostgreSQL without SERVER_SECRET, in one line naming it", async () => {
    const error = await startApp({ database: "postgres", env: { SERVER_SECRET: "" } }).then(
      (app) => (apps.push(app), undefined),
      (reason: unknown) => reason,
    );
    expect(String(error)).toMatch(/exited \(1\)/);
    const [line] = refusal(error);
    expect(line).toMatch(/SERVER_SECRET: must be set when DATABASE_URL is/);
    expect(String(error)).not.toMatch(/postgres:\/\//);
  });
});
