// The scripts the tests start as processes again and again (the operator CLI, the keys maker, the
// migration runner that kills itself) are bundled once per run by the global setup. Under `tsx`
// every start compiles and resolves each of our modules anew, in a second process; the bundle,
// the same source compiled by the same esbuild, starts on about two thirds of the CPU time, and
// the integration run starts such scripts over a hundred times. One CLI test still goes through
// `npm run cli`, the operator's own path.
import fs from "node:fs";
import path from "node:path";
import * as esbuild from "esbuild";
import { ROOT } from "./root";

const SCRIPTS = ["scripts/cli.ts", "tests/support/scripts/create-keys.ts", "tests/support/scripts/migrate-until-killed.ts"] as const;
export type TestScript = (typeof SCRIPTS)[number];

/** Where the run's bundles live; set by the global setup, inherited by the test workers. */
const BUNDLES_ENV = "TEST_SCRIPT_BUNDLES";

/** Bundles SCRIPTS into a directory of the run's own; returns its removal. */
export async function bundleTestScripts(): Promise<() => void> {
  // Inside the checkout, so that the bundles' imports of packages resolve to its node_modules.
  const parent = path.join(ROOT, "node_modules", ".cache", "trust-registry-tests");
  fs.mkdirSync(parent, { recursive: true });
  const dir = fs.mkdtempSync(path.join(parent, "scripts-"));
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: SCRIPTS.map((script) => ({ in: script, out: bundleName(script) })),
    outdir: dir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    packages: "external",
    alias: { "@": ROOT },
    format: "esm",
    platform: "node",
    target: "node20",
    logLevel: "warning",
  });
  process.env[BUNDLES_ENV] = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/** The node arguments that run `script`: its bundle in a Vitest run, else the source under tsx. */
export function scriptArgs(script: TestScript, ...args: string[]): string[] {
  const dir = process.env[BUNDLES_ENV];
  const entry = dir ? [path.join(dir, `${bundleName(script)}.mjs`)] : ["--import", "tsx", script];
  return [...entry, ...args];
}

function bundleName(script: TestScript): string {
  return path.basename(script, ".ts");
}
