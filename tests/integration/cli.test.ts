// The operator CLI as an operator runs it: a child process on an embedded database of its own, or
// on a throwaway PostgreSQL database with TEST_DATABASE=postgres.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiKeyRecord } from "@/lib/keys/schemas";
import { SAMPLE_FIXTURES } from "@/lib/sample/sample-fixtures";
import { startApp, type StartedApp } from "../support/app";
import { childEnv } from "../support/child-env";
import { createTestDatabase } from "../support/database";
import { freshEmbeddedDataDir } from "../support/embedded-template";
import { embeddedEnv, runCli } from "../support/run-cli";

const onPostgres = process.env.TEST_DATABASE === "postgres";
let env: Record<string, string>;
let release = async () => {};

beforeAll(async () => {
  if (onPostgres) {
    const database = await createTestDatabase();
    env = database.env;
    release = database.drop;
  } else {
    const dataDir = freshEmbeddedDataDir("tr-cli-");
    env = embeddedEnv(dataDir);
    release = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

afterAll(() => release());

const cli = (...args: string[]) => runCli(args, env);
const json = <T>(text: string) => JSON.parse(text) as T;
type Created = { data: ApiKeyRecord; key: string };

function expectOneCleanLine(stderr: string) {
  expect(stderr.trim().split("\n")).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at |SELECT|INSERT|prisma\./);
}

// Each command is a process of its own that opens the database (a second or more under a busy
// suite): a test that runs eight of them needs more than the default 30 seconds.
describe(`operator CLI on ${onPostgres ? "PostgreSQL" : "the embedded database"}`, { timeout: 120_000 }, () => {
  it("creates, lists, shows, rotates and revokes a key, with stable --json shapes", async () => {
    const created = await cli("keys", "create", "--name", "CLI partner", "--kind", "secret", "--rate-limit", "120", "--json");
    // stdout is the JSON alone; stderr may carry the first open's log line (sample registry).
    expect(created.code).toBe(0);
    const { data, key } = json<Created>(created.stdout);
    expect(key).toMatch(/^tr_sk_[0-9A-Za-z]{49}$/);
    expect(data).toMatchObject({ name: "CLI partner", kind: "secret", tier: "partner", rate_limit_per_minute: 120, status: "active" });
    expect(Object.keys(json<object>(created.stdout)).sort()).toEqual(["data", "key"]);

    const listed = json<{ data: ApiKeyRecord[] }>((await cli("keys", "list", "--json")).stdout);
    expect(listed.data.find((k) => k.id === data.id)).toEqual(data);
    expect(JSON.stringify(listed)).not.toContain(key);
    expect(json<{ data: ApiKeyRecord }>((await cli("keys", "show", data.id, "--json")).stdout)).toEqual({ data });

    const rotated = await cli("keys", "rotate", data.id, "--json");
    expect(rotated.code).toBe(0);
    const next = json<Created & { previous: ApiKeyRecord }>(rotated.stdout);
    expect(next.key).not.toBe(key);
    expect(next.data).toMatchObject({ name: "CLI partner", rate_limit_per_minute: 120, status: "active" });
    expect(next.previous).toMatchObject({ id: data.id, status: "revoked" });

    const revoked = await cli("keys", "revoke", next.data.id, "--json");
    expect(json<{ data: ApiKeyRecord }>(revoked.stdout).data).toMatchObject({ id: next.data.id, status: "revoked" });
    expect((await cli("keys", "revoke", next.data.id)).stdout).toContain("was already revoked");

    const active = json<{ data: ApiKeyRecord[] }>((await cli("keys", "list", "--status", "active", "--json")).stdout);
    expect(active.data.map((k) => k.id)).not.toContain(next.data.id);
  });

  it("prints a new key exactly once, with the warning to store it", async () => {
    const { code, stdout } = await cli(
      "keys", "create", "--name", "Widget", "--kind", "publishable", "--ngo", SAMPLE_FIXTURES.donationDemo,
      "--origin", "https://water.example.org/",
    );
    expect(code).toBe(0);
    const keys = stdout.match(/tr_pk_[0-9A-Za-z]{49}/g);
    expect(keys).toHaveLength(1);
    expect(stdout).toContain("Store this key now: it is not shown again");
    expect(stdout).toContain("origins:    https://water.example.org\n");
    const table = await cli("keys", "list");
    expect(table.stdout).toMatch(/^ID +NAME +KEY/);
    expect(table.stdout).not.toContain(keys?.[0]);
  });

  it("exits 1 with one line naming the flag for input the domain refuses, and for unknown ids", async () => {
    const embed = await cli("keys", "create", "--name", "Widget", "--kind", "publishable", "--ngo", "no-such-ngo", "--origin", "https://a.example");
    expect(embed.code).toBe(1);
    expect(embed.stderr).toBe("error: Invalid --ngo: no registry entry has the slug 'no-such-ngo'.\n");

    const late = await cli("keys", "create", "--name", "Late", "--kind", "secret", "--expires-at", "2020-01-01T00:00:00Z", "--json");
    expect(late.code).toBe(1);
    expect(json<{ error: unknown }>(late.stderr)).toEqual({
      error: {
        type: "invalid_request",
        message: "Invalid --expires-at: must be in the future.",
        exit_code: 1,
        fields: [{ name: "--expires-at", reason: "must be in the future" }],
      },
    });

    for (const command of ["show", "revoke", "rotate"]) {
      const missing = await cli("keys", command, "key_00000000000000000000");
      expect(missing.code).toBe(1);
      expect(missing.stderr).toBe("error: No API key has the id 'key_00000000000000000000'.\n");
    }
  });

  // Every usage error and help text is checked in-process by lib/cli/run-cli.test.ts; here one of
  // each, through a real process: the exit code, and nothing on stdout or only the help.
  it("exits 2 for a bad command line, naming the flag and the --help to read", async () => {
    const { code, stdout, stderr } = await cli("keys", "create", "--name", "x", "--kind", "secret", "--rate-limit", "fast");
    expect({ code, stdout }).toEqual({ code: 2, stdout: "" });
    expect(stderr).toContain("--rate-limit must be a whole number");
    expect(stderr).toMatch(/Run `npm run cli -- keys create --help` for usage\.\n$/);
    expectOneCleanLine(stderr);
  });

  it("answers --help, also through npm run cli", async () => {
    const { code, stdout } = await cli("--help");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: npm run cli -- /);
    const viaNpm = execFileSync("npm", ["run", "-s", "cli", "--", "keys", "rotate", "--help"], {
      encoding: "utf8",
      env: childEnv("development", env),
    });
    expect(viaNpm).toMatch(/^Usage: npm run cli -- keys rotate \[options\] <id>/);
  });

  it("migrates and seeds through the db commands, which npm run db:migrate and db:seed run too", async () => {
    const migrated = await cli("db", "migrate", "--json");
    expect(migrated.code).toBe(0);
    expect(Array.isArray(json<{ applied: unknown }>(migrated.stdout).applied)).toBe(true);
    const npm = (...args: string[]) =>
      execFileSync("npm", ["run", "-s", ...args], { encoding: "utf8", env: childEnv("development", env) });
    expect(JSON.parse(npm("db:migrate", "--", "--json"))).toEqual({ applied: [] });

    expect(JSON.parse(npm("db:seed", "--", "--count", "5", "--reset", "--json"))).toMatchObject({ ngos: 5, seed: "trust-registry" });
    const again = await cli("db", "seed", "--count", "5");
    expect(again.code).toBe(1);
    expect(again.stderr).toBe("error: The registry already holds 5 NGOs: nothing loaded. Run with --reset to replace them.\n");
  });

  it("exits 3 when PostgreSQL is unreachable, without the connection string", async () => {
    const url = "postgres://operator:s3cret@127.0.0.1:1/registry";
    const { code, stderr } = await runCli(["keys", "list"], { DATABASE_URL: url, DB_CONNECT_TIMEOUT_MS: "500" });
    expect(code).toBe(3);
    expect(stderr).toContain("The database is unreachable");
    expect(stderr).not.toContain("s3cret");
    expectOneCleanLine(stderr);
  });
});

describe("the CLI and a running server on one embedded database", () => {
  let app: StartedApp;
  beforeAll(async () => {
    app = await startApp({ database: "pglite" });
  });
  afterAll(() => app?.stop());

  it("refuses clearly, changes nothing, and leaves the server serving", async () => {
    for (const args of [["keys", "list"], ["keys", "create", "--name", "x", "--kind", "secret"], ["db", "seed", "--reset"]]) {
      const { code, stdout, stderr } = await runCli(args, embeddedEnv(app.dataDir));
      expect({ args, code, stdout }).toEqual({ args, code: 3, stdout: "" });
      expect(stderr).toContain(`The embedded database in ${app.dataDir} is in use by process`);
      expect(stderr).toContain("Nothing was changed");
      expect(stderr).toContain("/api/v1/keys with an operator key");
      expectOneCleanLine(stderr);
    }
    const health = await fetch(`${app.url}/api/health`);
    expect(health.status).toBe(200);
    const list = await fetch(`${app.url}/api/registry/ngos?limit=1`);
    expect(list.status).toBe(200);
    expect(((await list.json()) as { data: unknown[] }).data).toHaveLength(1);
  });
});
