// Builds the app once for the integration tests, unless a build of the current sources exists:
// a hash of everything that goes into the build is stored beside it, so a repeated `npm test`
// starts at once. TEST_REUSE_BUILD=1 (CI, after its own `next build`) trusts any existing build.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { childEnv } from "./child-env";
import { ROOT } from "./root";

// What the build reads. package.json is here because the app reports its version from it.
const SOURCES = [
  "app",
  "lib",
  "components",
  "pages",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  "prisma",
  "browser",
  "scripts/build-browser.ts",
  "scripts/build-browser",
  "scripts/copy-standalone-assets.mjs",
];
// Generated from prisma/ and browser/ (hashed already); tests are not part of the build.
const IGNORED = [/^lib\/db\/generated\//, /^lib\/generated-browser\//, /\.test\.tsx?$/];

export const BUILD_ID_FILE = path.join(ROOT, ".next", "BUILD_ID");
const STAMP_FILE = path.join(ROOT, ".next", "test-source-hash");

export async function ensureBuild(): Promise<void> {
  if (process.env.TEST_REUSE_BUILD === "1") {
    if (!fs.existsSync(BUILD_ID_FILE)) {
      throw new Error("TEST_REUSE_BUILD=1 but there is no build (.next/BUILD_ID): run `npm run build` first.");
    }
    return;
  }
  // Hashed before building: an edit made during the build makes the next run rebuild.
  const hash = hashSources();
  if (fs.existsSync(BUILD_ID_FILE) && readStamp() === hash) return;
  fs.rmSync(STAMP_FILE, { force: true });
  await runNextBuild();
  fs.writeFileSync(STAMP_FILE, hash);
}

function hashSources(): string {
  const hash = createHash("sha256");
  for (const file of SOURCES.flatMap((source) => listFiles(source))) {
    hash.update(`${file}\0`).update(fs.readFileSync(path.join(ROOT, file))).update("\0");
  }
  return hash.digest("hex");
}

function listFiles(relative: string): string[] {
  const stat = fs.statSync(path.join(ROOT, relative), { throwIfNoEntry: false });
  if (!stat || IGNORED.some((pattern) => pattern.test(relative))) return [];
  if (!stat.isDirectory()) return [relative];
  return fs
    .readdirSync(path.join(ROOT, relative))
    .sort()
    .flatMap((name) => listFiles(`${relative}/${name}`));
}

function readStamp(): string | undefined {
  try {
    return fs.readFileSync(STAMP_FILE, "utf8");
  } catch {
    return undefined;
  }
}

async function runNextBuild(): Promise<void> {
  // A throwaway data directory: a page rendered at build time must not open the developer's
  // embedded database (which a running `npm run dev` holds).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tr-build-"));
  const started = Date.now();
  console.log("Building the app for the integration tests (next build)…");
  try {
    const child = spawn(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build"], {
      cwd: ROOT,
      env: childEnv("production", { DATA_DIR: dataDir, DATABASE_URL: "" }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("close", resolve);
    });
    if (code !== 0) throw new Error(`next build failed (exit code ${code}):\n${output.slice(-6_000)}`);
    // What `npm run build` does after it (postbuild): the standalone server's static files.
    const copied = spawnSync(process.execPath, [path.join(ROOT, "scripts/copy-standalone-assets.mjs")], { cwd: ROOT, encoding: "utf8" });
    if (copied.status !== 0) throw new Error(`copying the standalone assets failed:\n${copied.stderr}`);
    console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
