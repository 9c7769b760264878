// npm run vercel-build: migrates through the direct URL when a database is configured, then
// builds; a failed migration fails the build before it starts. `npm` is a stand-in here that
// records what it was asked to run (the real build is the integration suite's). An integration
// test: every case starts the script (tsx) as a process.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/root";

const bin = fs.mkdtempSync(path.join(os.tmpdir(), "tr-fake-npm-"));
const record = path.join(bin, "calls.jsonl");
// Records its arguments and the DATABASE_URL it got; fails `run db:migrate` when told to.
fs.writeFileSync(
  path.join(bin, "npm"),
  `#!${process.execPath}
require("node:fs").appendFileSync(${JSON.stringify(record)}, JSON.stringify({ args: process.argv.slice(2), url: process.env.DATABASE_URL ?? null }) + "\\n");
process.exit(process.env.FAKE_MIGRATE_FAILS === "1" && process.argv[3] === "db:migrate" ? 3 : 0);
`,
  { mode: 0o755 },
);
afterAll(() => fs.rmSync(bin, { recursive: true, force: true }));

function vercelBuild(env: Record<string, string>): { status: number | null; calls: { args: string[]; url: string | null }[] } {
  fs.rmSync(record, { force: true });
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== "DATABASE_URL" && key !== "DIRECT_DATABASE_URL"));
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/vercel-build.ts"], {
    cwd: ROOT,
    env: { ...inherited, PATH: `${bin}${path.delimiter}${process.env.PATH}`, ...env, NODE_ENV: "development" },
    encoding: "utf8",
  });
  const calls = fs.existsSync(record) ? fs.readFileSync(record, "utf8").trim().split("\n").map((line) => JSON.parse(line) as { args: string[]; url: string | null }) : [];
  return { status: result.status, calls };
}

describe("npm run vercel-build", () => {
  it("migrates through DIRECT_DATABASE_URL, then builds", () => {
    const { status, calls } = vercelBuild({ DATABASE_URL: "postgres://pooler/db", DIRECT_DATABASE_URL: "postgres://direct/db" });
    expect(status).toBe(0);
    expect(calls).toEqual([
      { args: ["run", "db:migrate"], url: "postgres://direct/db" },
      { args: ["run", "build"], url: "postgres://pooler/db" },
    ]);
  });

  it("migrates through DATABASE_URL when there is no direct URL", () => {
    expect(vercelBuild({ DATABASE_URL: "postgres://db/db" }).calls[0]).toEqual({ args: ["run", "db:migrate"], url: "postgres://db/db" });
  });

  it("only builds with no database configured (a preview on sample data)", () => {
    expect(vercelBuild({ DATABASE_URL: "" })).toEqual({ status: 0, calls: [{ args: ["run", "build"], url: "" }] });
  });

  it("fails without building when the migration fails", () => {
    const { status, calls } = vercelBuild({ DATABASE_URL: "postgres://db/db", FAKE_MIGRATE_FAILS: "1" });
    expect(status).toBe(3);
    expect(calls.map((call) => call.args)).toEqual([["run", "db:migrate"]]);
  });
});
