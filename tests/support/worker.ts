// Starts `npm run worker` (scripts/worker.ts) for an integration test, and stops it again.
import { spawn, type ChildProcess } from "node:child_process";
import { childEnv } from "./child-env";
import { once } from "./process-group";
import { ROOT } from "./root";

export type StartedWorker = {
  /** Everything the worker wrote to stdout and stderr so far. */
  logs(): string;
  /** SIGTERM (the worker finishes what it holds), SIGKILL if it lingers; resolves with its exit code. */
  stop(): Promise<number | null>;
};

const START_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;

/** Resolves once the worker has said it started (it has read its configuration and runs). */
export async function startWorker(env: Record<string, string>): Promise<StartedWorker> {
  // Node itself with tsx as a loader, not the tsx CLI: the CLI runs the script in a child process,
  // which a SIGKILL of the CLI would leave running.
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    cwd: ROOT,
    env: childEnv("development", env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const worker = { logs: () => output, stop: once(() => stop(child)) };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!output.includes("webhook worker started")) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      await worker.stop();
      throw new Error(`The worker did not start (${child.exitCode ?? child.signalCode ?? "timed out"}):\n${output.slice(-3_000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return worker;
}

async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
  const code = await exited;
  clearTimeout(timer);
  return code;
}
