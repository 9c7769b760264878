// Starts the standalone server (`node .next/standalone/server.js`, what a plain server runs) for
// an integration test, optionally with its directory mounted read-only as Vercel's deployment
// directory is: a private mount namespace (unshare -m, root only) in which the folder is bound
// over itself read-only, visible to the server alone.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { answersLiveness } from "./answers-liveness";
import { childEnv } from "./child-env";
import { killGroup, watchForOrphaning } from "./process-group";
import { ROOT } from "./root";

export const STANDALONE_DIR = path.join(ROOT, ".next", "standalone");

export type StartedStandalone = { url: string; child: ChildProcess; logs(): string; stop(): Promise<void> };

const START_TIMEOUT_MS = 60_000;

/** Whether this machine lets a test mount a folder read-only for one process (root, mount namespaces). */
export function canMountReadOnly(): boolean {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tr-ro-probe-"));
  try {
    const probe = spawnSync("unshare", ["-m", "--propagation", "private", "sh", "-c", READ_ONLY_MOUNT + ' && ! touch "$0/x" 2>/dev/null', dir], {
      stdio: "ignore",
    });
    return probe.status === 0 && !fs.existsSync(path.join(dir, "x"));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const READ_ONLY_MOUNT = 'mount --bind "$0" "$0" && mount -o remount,ro,bind "$0" "$0"';

export async function startStandalone({ env, readOnly = false }: { env: Record<string, string>; readOnly?: boolean }): Promise<StartedStandalone> {
  if (!fs.existsSync(path.join(STANDALONE_DIR, "server.js"))) {
    throw new Error("No standalone build in .next/standalone: run `npm run build`.");
  }
  // server.js reads its port from PORT and takes 0 for its default (3000), so the test picks a
  // free one first; another process could take it in between, which shows as a failed start.
  const port = await freePort();
  const childEnvironment = childEnv("production", { ...env, PORT: String(port), HOSTNAME: "127.0.0.1" });
  const [command, args] = readOnly
    ? ["unshare", ["-m", "--propagation", "private", "sh", "-c", `${READ_ONLY_MOUNT} && cd "$0" && exec "$1" server.js`, STANDALONE_DIR, process.execPath]]
    : [process.execPath, ["server.js"]];
  const child = spawn(command, args as string[], { cwd: STANDALONE_DIR, env: childEnvironment, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  watchForOrphaning(child);
  let output = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const logs = () => output;
  const url = `http://127.0.0.1:${port}`;
  const stop = () => killGroup(child);
  try {
    await waitUntilServing(url, child, logs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, child, logs, stop };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitUntilServing(url: string, child: ChildProcess, logs: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The standalone server exited (${child.exitCode ?? child.signalCode}) before serving:\n${logs().slice(-4_000)}`);
    }
    if (await answersLiveness(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The standalone server did not serve within ${START_TIMEOUT_MS / 1000} s:\n${logs().slice(-4_000)}`);
}
