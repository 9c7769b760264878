// scripts/release.ts end to end, in a throwaway git repository: its refusals, and the commit and
// tag it makes. An integration test: every case starts the script (tsx) as a process.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ROOT } from "../support/root";

const SCRIPT = path.join(ROOT, "scripts/release.ts");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
let repo: string;

const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" }).trim();
// Run by `npm test`, the environment names this project (npm_config_local_prefix, …): the script's
// own `npm version` must see the throwaway repository only.
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith("npm_"))) as NodeJS.ProcessEnv;
const release = (...args: string[]) => spawnSync(TSX, [SCRIPT, ...args], { cwd: repo, encoding: "utf8", env });

beforeEach(() => {
  repo = fs.mkdtempSync(path.join(os.tmpdir(), "release-test-"));
  const pkg = { name: "release-test", version: "0.2.0", private: true };
  fs.writeFileSync(path.join(repo, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
  fs.writeFileSync(
    path.join(repo, "package-lock.json"),
    `${JSON.stringify({ name: "release-test", version: "0.2.0", lockfileVersion: 3, requires: true, packages: { "": pkg } }, null, 2)}\n`,
  );
  fs.writeFileSync(path.join(repo, "CHANGELOG.md"), "# Changelog\n\n## [Unreleased]\n\n### Added\n- Something.\n\n## [0.2.0] - 2026-11-23\n");
  git("init", "--quiet", "--initial-branch=main");
  git("-c", "user.name=t", "-c", "user.email=t@t.test", "commit", "--quiet", "--allow-empty", "-m", "start");
  git("add", ".");
  git("-c", "user.name=t", "-c", "user.email=t@t.test", "commit", "--quiet", "-m", "files");
  git("config", "user.name", "Release Test");
  git("config", "user.email", "release@example.test");
});

afterEach(() => fs.rmSync(repo, { recursive: true, force: true }));

describe("npm run release", () => {
  it("commits the CHANGELOG and the version as 'Release X.Y.Z' and tags vX.Y.Z", () => {
    const run = release("0.3.0", "--date", "2026-11-26");
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(git("log", "-1", "--format=%s")).toBe("Release 0.3.0");
    expect(git("describe", "--tags", "--exact-match")).toBe("v0.3.0");
    expect(git("status", "--porcelain")).toBe("");
    expect(JSON.parse(fs.readFileSync(path.join(repo, "package.json"), "utf8")).version).toBe("0.3.0");
    expect(JSON.parse(fs.readFileSync(path.join(repo, "package-lock.json"), "utf8")).version).toBe("0.3.0");
    expect(fs.readFileSync(path.join(repo, "CHANGELOG.md"), "utf8")).toContain(
      "## [Unreleased]\n\n## [0.3.0] - 2026-11-26\n\n### Added\n- Something.",
    );
  });

  it("refuses a dirty tree, another branch, a version not above the current one, and changes nothing", () => {
    fs.appendFileSync(path.join(repo, "CHANGELOG.md"), "\n");
    expect(release("0.3.0").stderr).toMatch(/working tree has changes/);
    git("checkout", "--quiet", "--", "CHANGELOG.md");

    git("checkout", "--quiet", "-b", "feature");
    expect(release("0.3.0").stderr).toMatch(/releases are cut on main, this is feature/);
    git("checkout", "--quiet", "main");

    const older = release("0.2.0");
    expect(older.status).toBe(1);
    expect(older.stderr).toMatch(/not above the current version 0\.2\.0/);
    expect(release("three").stderr).toMatch(/not a version/);
    expect(git("log", "-1", "--format=%s")).toBe("files");
    expect(git("tag")).toBe("");
  });

  it("--dry-run prints the section and changes nothing", () => {
    const run = release("0.3.0", "--dry-run", "--date", "2026-11-26");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("## [0.3.0] - 2026-11-26\n\n### Added\n- Something.");
    expect(run.stdout).not.toContain("0.2.0");
    expect(git("status", "--porcelain")).toBe("");
  });
});
