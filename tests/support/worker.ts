// Starts `npm run worker` (scripts/worker.ts) for an integration test: Node itself with tsx as a
// loader, not the tsx CLI, whose child process a signal to the CLI would not reach.
import { spawn, type ChildProcess } from "node:child_process";
import { childEnv } from "./child-env";
import { ROOT } from "./root";

export type StartedWorker = ChildProcess & { output(): string; exited(): Promise<number | null> };

export function startWorker(env: Record<string, string>): StartedWorker {
  const worker = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    cwd: ROOT,
    env: childEnv("development", env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  worker.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  worker.stderr?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exit = new Promise<number | null>((resolve) => worker.once("exit", (code) => resolve(code)));
  return Object.assign(worker, { output: () => output, exited: () => exit });
}
