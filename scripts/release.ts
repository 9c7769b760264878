// npm run release -- X.Y.Z — cuts a release on a clean main: the CHANGELOG's "Unreleased" becomes
// "[X.Y.Z] - today", package.json and its lock take the version (which health, API-Version and
// the OpenAPI document report), one commit "Release X.Y.Z" and an annotated tag vX.Y.Z. Nothing is
// pushed. docs/releasing.md says when and how.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { Command } from "commander";
import { cutChangelog } from "./release/cut-changelog";

const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:-[0-9A-Za-z.-]+)?$/;

const program = new Command("release")
  .description("Cut a release: CHANGELOG, package.json, commit and tag (never pushes)")
  .argument("<version>", "the new version, X.Y.Z (semver)")
  .option("--date <YYYY-MM-DD>", "the release date (default: today, UTC)")
  .option("--dry-run", "check everything and print the new CHANGELOG section; change nothing")
  .action((version: string, options: { date?: string; dryRun?: boolean }) => release(version, options));

function release(version: string, { date = new Date().toISOString().slice(0, 10), dryRun = false }): void {
  if (!SEMVER.test(version)) fail(`"${version}" is not a version X.Y.Z`);
  const current = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { version: string }).version;
  if (compareVersions(version, current) <= 0) fail(`${version} is not above the current version ${current}`);
  if (git("status", "--porcelain") !== "") fail("the working tree has changes: commit or remove them first");
  const branch = git("rev-parse", "--abbrev-ref", "HEAD");
  if (branch !== "main") fail(`releases are cut on main, this is ${branch}`);
  if (git("tag", "--list", `v${version}`) !== "") fail(`the tag v${version} exists already`);

  let changelog: string;
  try {
    changelog = cutChangelog(fs.readFileSync("CHANGELOG.md", "utf8"), { version, date });
  } catch (error) {
    fail((error as Error).message);
  }
  if (dryRun) {
    const section = changelog.slice(changelog.indexOf(`## [${version}]`));
    console.log(section.slice(0, section.indexOf("\n## [", 1) + 1 || undefined).trimEnd());
    console.log(`\nrelease: dry run, nothing changed (would commit "Release ${version}" and tag v${version})`);
    return;
  }
  fs.writeFileSync("CHANGELOG.md", changelog);
  // Also writes package-lock.json, whose root carries the version too.
  execFileSync("npm", ["version", version, "--no-git-tag-version"], { stdio: ["ignore", "ignore", "inherit"] });
  git("add", "CHANGELOG.md", "package.json", "package-lock.json");
  git("commit", "--quiet", "-m", `Release ${version}`);
  git("tag", "--annotate", `v${version}`, "-m", `Release ${version}`);
  console.log(`release: ${version} committed and tagged v${version}. Publish it with: git push origin main v${version}`);
}

function compareVersions(a: string, b: string): number {
  const [, ...x] = SEMVER.exec(a) ?? [];
  const [, ...y] = SEMVER.exec(b) ?? [];
  for (let i = 0; i < 3; i++) {
    const d = Number(x[i]) - Number(y[i]);
    if (d !== 0) return d;
  }
  // Same X.Y.Z: a pre-release sorts before its release.
  return (b.includes("-") ? 1 : 0) - (a.includes("-") ? 1 : 0);
}

function git(...args: string[]): string {
  return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim();
}

function fail(message: string): never {
  console.error(`release: ${message}`);
  process.exit(1);
}

program.parse();
