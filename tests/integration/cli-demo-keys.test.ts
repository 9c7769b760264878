// Demo keys: written by `next start` on the embedded default, kept across restarts, replaced
// (the old ones revoked) when their file is deleted; never written with a configured database.
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { DemoKeysFile } from "@/lib/keys/ensure-demo-keys";
import type { ApiKeyRecord } from "@/lib/keys/schemas";
import { SAMPLE_FIXTURES } from "@/lib/sample/sample-fixtures";
import { startApp } from "../support/app";
import { postgresAvailable } from "../support/database";
import { freshEmbeddedDataDir } from "../support/embedded-template";
import { embeddedEnv, runCli } from "../support/run-cli";

const ORIGINS = ["http://localhost:3000", "http://127.0.0.1:3000"];
const withPostgres = await postgresAvailable();
const dataDirs: string[] = [];

afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function freshDataDir(): string {
  const dir = freshEmbeddedDataDir("tr-demo-");
  dataDirs.push(dir);
  return dir;
}

/** Starts `next start` on `dataDir`, stops it again, and returns what it logged. */
async function serveOnce(dataDir: string, env: Record<string, string> = {}): Promise<string> {
  const app = await startApp({ database: "pglite", env: { DATA_DIR: dataDir, ...env } });
  const logs = app.logs();
  await app.stop();
  return logs;
}

// Each test starts the app up to three times on an embedded database of its own (a copy of the
// run's migrated one: demo keys follow their file, not the first open of the database).
describe("demo keys", { timeout: 120_000 }, () => {
  it("are written on the first start of the embedded default, private, and never logged", async () => {
    const dataDir = freshDataDir();
    const file = path.join(dataDir, "demo-keys.json");
    const logs = await serveOnce(dataDir);

    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const demo = JSON.parse(fs.readFileSync(file, "utf8")) as DemoKeysFile;
    expect(demo).toEqual({
      partner: { id: expect.stringMatching(/^key_/), key: expect.stringMatching(/^tr_sk_/) },
      operator: { id: expect.stringMatching(/^key_/), key: expect.stringMatching(/^tr_sk_/) },
      embed: { id: expect.stringMatching(/^key_/), key: expect.stringMatching(/^tr_pk_/), ngo: SAMPLE_FIXTURES.donationDemo, origins: ORIGINS },
    });
    expect(logs.match(/"msg":"demo API keys written"/g)).toHaveLength(1);
    expect(logs).toContain(JSON.stringify(file));
    for (const { key } of [demo.partner, demo.operator, demo.embed]) expect(logs).not.toContain(key);

    // The keys are real: the CLI lists them with their settings, and they verify in-process.
    const listed = await runCli(["keys", "list", "--json"], embeddedEnv(dataDir));
    const byId = new Map(JSON.parse(listed.stdout).data.map((k: ApiKeyRecord) => [k.id, k]));
    expect(byId.get(demo.partner.id)).toMatchObject({ kind: "secret", tier: "partner", status: "active" });
    expect(byId.get(demo.operator.id)).toMatchObject({ kind: "secret", tier: "operator", scopes: expect.arrayContaining(["admin"]) });
    expect(byId.get(demo.embed.id)).toMatchObject({ kind: "publishable", tier: "public", ngo_slug: SAMPLE_FIXTURES.donationDemo, origins: ORIGINS });

    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    const { verifyApiKey } = await import("@/lib/keys/verify-api-key");
    const { closeConnection } = await import("@/lib/db");
    try {
      expect(await verifyApiKey(demo.partner.key)).toMatchObject({ ok: true, identity: { id: demo.partner.id, tier: "partner" } });
      expect(await verifyApiKey(demo.operator.key)).toMatchObject({ ok: true, identity: { tier: "operator" } });
      expect(await verifyApiKey(demo.embed.key)).toMatchObject({
        ok: true,
        identity: { tier: "public", ngo_slug: SAMPLE_FIXTURES.donationDemo, origins: ORIGINS },
      });
    } finally {
      await closeConnection();
    }
  });

  it("work over HTTP while the app serves: the partner key reads as partner, the operator key administers keys", async () => {
    const dataDir = freshDataDir();
    const app = await startApp({ database: "pglite", env: { DATA_DIR: dataDir } });
    try {
      const demo = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-keys.json"), "utf8")) as DemoKeysFile;
      const read = await fetch(`${app.url}/api/registry/ngos?limit=1`, { headers: { Authorization: `Bearer ${demo.partner.key}` } });
      expect(((await read.json()) as { meta: { tier: string } }).meta.tier).toBe("partner");
      const keys = await fetch(`${app.url}/api/v1/keys`, { headers: { Authorization: `Bearer ${demo.operator.key}` } });
      expect(keys.status).toBe(200);
      expect(((await keys.json()) as { data: ApiKeyRecord[] }).data.map((k) => k.id)).toEqual(
        expect.arrayContaining([demo.partner.id, demo.operator.id, demo.embed.id]),
      );
    } finally {
      await app.stop();
    }
  });

  it("are left alone on a restart, and replaced, the old ones revoked, when the file is deleted", async () => {
    const dataDir = freshDataDir();
    const file = path.join(dataDir, "demo-keys.json");
    await serveOnce(dataDir);
    const first = fs.readFileSync(file, "utf8");

    const again = await serveOnce(dataDir);
    expect(fs.readFileSync(file, "utf8")).toBe(first);
    expect(again).toContain(`"msg":"demo API keys","file":${JSON.stringify(file)}`);
    expect(again).not.toContain("demo API keys written");

    fs.rmSync(file);
    const replaced = await serveOnce(dataDir);
    expect(replaced).toContain('"revoked_earlier_demo_keys":3');
    const before = JSON.parse(first) as DemoKeysFile;
    const after = JSON.parse(fs.readFileSync(file, "utf8")) as DemoKeysFile;
    const listed = await runCli(["keys", "list", "--json"], embeddedEnv(dataDir));
    const status = new Map(JSON.parse(listed.stdout).data.map((k: ApiKeyRecord) => [k.id, k.status]));
    for (const role of ["partner", "operator", "embed"] as const) {
      expect(after[role].key).not.toBe(before[role].key);
      expect(status.get(before[role].id)).toBe("revoked");
      expect(status.get(after[role].id)).toBe("active");
    }
  });

  it.runIf(withPostgres)("are never written with a configured database", async () => {
    const dataDir = freshDataDir();
    const app = await startApp({ database: "postgres", env: { DATA_DIR: dataDir } });
    const logs = app.logs();
    await app.stop();
    expect(fs.existsSync(path.join(dataDir, "demo-keys.json"))).toBe(false);
    expect(logs).not.toContain("demo API keys");
  });
});
