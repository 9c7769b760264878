// Runs the operator CLI as an operator would: a child process on the given database.
import { execFile } from "node:child_process";
import { childEnv } from "./child-env";
import { ROOT } from "./root";
import { scriptArgs } from "./test-scripts";

export type CliResult = { code: number; stdout: string; stderr: string };

/** `scripts/cli.ts …args` (its bundle, test-scripts.ts) with `env` (DATA_DIR or DATABASE_URL) over a clean environment. */
export function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      scriptArgs("scripts/cli.ts", ...args),
      { cwd: ROOT, env: childEnv("development", env), timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (error as { code?: unknown }).code : 0;
        if (typeof code !== "number") return reject(error ?? new Error("the CLI did not exit"));
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The embedded database in `dataDir`: an empty DATABASE_URL keeps a .env file from setting one. */
export function embeddedEnv(dataDir: string): Record<string, string> {
  return { DATA_DIR: dataDir, DATABASE_URL: "" };
}
