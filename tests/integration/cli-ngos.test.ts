// The CLI's ngos, webhooks and events groups as an operator runs them, on a fresh embedded
// database or a throwaway PostgreSQL one (TEST_DATABASE=postgres): a 10,000-row import with bad
// rows, re-run without changes, and the lifecycle commands.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { freshEmbeddedDataDir } from "../support/embedded-template";
import { embeddedEnv, runCli } from "../support/run-cli";

const onPostgres = process.env.TEST_DATABASE === "postgres";
let env: Record<string, string>;
let dir: string;
let release = async () => {};

beforeAll(async () => {
  dir = freshEmbeddedDataDir("tr-cli-ngos-");
  if (onPostgres) {
    const database = await createTestDatabase({ seed: false });
    env = { ...database.env, WEBHOOKS_ALLOW_PRIVATE_TARGETS: "1" };
    release = database.drop;
  } else {
    env = { ...embeddedEnv(dir), WEBHOOKS_ALLOW_PRIVATE_TARGETS: "1" };
  }
});

afterAll(async () => {
  await release();
  fs.rmSync(dir, { recursive: true, force: true });
});

const cli = (...args: string[]) => runCli(args, env);
type Summary = { rows: number; created: number; updated: number; unchanged: number; failed: number; errors: { row: number; name: string; reason: string }[] };

describe("ngos import", { timeout: 240_000 }, () => {
  it("imports 9,950 of 10,000 rows, names the 50 bad ones by row, and changes nothing when re-run", async () => {
    const lines = ["name,sector,country,registration_number,city,founded_year"];
    const bad = new Set<number>();
    for (let i = 0; i < 10_000; i++) {
      // Every 200th record is bad, in one of two ways; CSV row numbers start at 2 (the header is 1).
      if (i % 200 === 7) {
        bad.add(i + 2);
        lines.push(i % 400 === 7 ? `Import Org ${i},space,KE,REG-${i},Nairobi,1990` : `Import Org ${i},health,Kenya,REG-${i},Nairobi,1990`);
      } else {
        lines.push(`"Import Org ${i}, Ltd",health,KE,REG-${i},Nairobi,${1950 + (i % 70)}`);
      }
    }
    const file = path.join(dir, "ngos.csv");
    fs.writeFileSync(file, `${lines.join("\n")}\n`);

    const first = await cli("ngos", "import", file, "--json");
    expect(first.code).toBe(1);
    const summary = JSON.parse(first.stdout) as Summary;
    expect(summary).toMatchObject({ rows: 10_000, created: 9_950, updated: 0, unchanged: 0, failed: 50 });
    expect(new Set(summary.errors.map((e) => e.row))).toEqual(bad);
    expect(summary.errors.find((e) => e.row === 9)).toMatchObject({ name: "sector" });
    expect(summary.errors.find((e) => e.row === 209)).toMatchObject({ name: "country" });
    // stderr may hold log lines first (the embedded database opening); the error object is the last line.
    expect(JSON.parse(first.stderr.trim().split("\n").at(-1)!)).toMatchObject({ error: { exit_code: 1 } });

    const again = await cli("ngos", "import", file, "--json");
    expect(JSON.parse(again.stdout)).toMatchObject({ created: 0, updated: 0, unchanged: 9_950, failed: 50 });

    const events = await cli("events", "list", "--type", "ngo.created", "--limit", "100", "--json");
    expect(events.code).toBe(0);
    expect((JSON.parse(events.stdout) as { data: unknown[] }).data).toHaveLength(100);
  });

  it("prints plain progress lines when not on a terminal, and row-numbered errors from JSONL", async () => {
    const file = path.join(dir, "more.jsonl");
    fs.writeFileSync(file, [JSON.stringify({ name: "Jsonl One", sector: "research", country: "NO" }), "not json", JSON.stringify({ name: "", sector: "research", country: "NO" })].join("\n"));
    const result = await cli("ngos", "import", file);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^imported \d+ of 3 rows$/m);
    expect(result.stdout).toContain("row 2: _invalid_json: unknown field");
    expect(result.stdout).toContain("row 3: name:");
    expect(result.stdout).toContain("3 rows: 1 created, 0 updated, 0 unchanged, 2 not imported.");
  });
});

describe("ngos, webhooks and events commands", { timeout: 120_000 }, () => {
  it("create, update and transition an entry, with history naming the CLI", async () => {
    const created = await cli("ngos", "create", "--name", "Cli Made Org", "--sector", "health", "--country", "ke", "--json");
    expect(created.code).toBe(0);
    const { data, etag } = JSON.parse(created.stdout) as { data: { slug: string; state: string; state_history: { actor: string }[] }; etag: string };
    expect(data).toMatchObject({ slug: "cli-made-org", state: "draft" });
    expect(data.state_history[0]?.actor).toMatch(/^Operator CLI \(cli:/);
    const updated = await cli("ngos", "update", "cli-made-org", "--city", "Kisumu", "--if-match", etag, "--json");
    expect(updated.code).toBe(0);
    const stale = await cli("ngos", "update", "cli-made-org", "--city", "Nakuru", "--if-match", etag);
    expect(stale).toMatchObject({ code: 1, stderr: expect.stringContaining("has changed") });
    const illegal = await cli("ngos", "transition", "cli-made-org", "--to", "verified");
    expect(illegal).toMatchObject({ code: 1, stderr: expect.stringContaining("allowed moves are to pending_review") });
    const moved = await cli("ngos", "transition", "cli-made-org", "--to", "pending_review");
    expect(moved).toMatchObject({ code: 0, stdout: expect.stringContaining("Moved cli-made-org to pending_review.") });
  });

  it("creates an endpoint, rotates its secret and queues a redelivery", async () => {
    const created = await cli("webhooks", "create", "--url", "http://127.0.0.1:9/hooks", "--event-type", "ngo.created", "--json");
    expect(created.code).toBe(0);
    const { data, secret } = JSON.parse(created.stdout) as { data: { id: string }; secret: string };
    expect(secret).toMatch(/^whsec_/);
    const listed = await cli("webhooks", "list");
    expect(listed.stdout).toContain(data.id);
    expect(listed.stdout).not.toContain(secret);
    const rotated = await cli("webhooks", "rotate-secret", data.id, "--json");
    expect((JSON.parse(rotated.stdout) as { secret: string }).secret).not.toBe(secret);
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const queued = await cli("webhooks", "redeliver", data.id, "--since", since, "--json");
    expect((JSON.parse(queued.stdout) as { queued: number }).queued).toBeGreaterThan(0);
    const log = await cli("webhooks", "deliveries", data.id, "--json");
    expect((JSON.parse(log.stdout) as { data: { status: string }[] }).data[0]).toMatchObject({ status: "pending" });
  });
});
