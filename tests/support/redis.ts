import net from "node:net";

export const REDIS = { host: "127.0.0.1", port: 6379 };

/** Whether the Redis tests can run. CI runs them, never skips them: there an unreachable Redis is an error. */
export async function redisAvailable(): Promise<boolean> {
  const up = await reachable(REDIS);
  if (!up && process.env.CI) {
    throw new Error(`Redis is not reachable at ${REDIS.host}:${REDIS.port}; CI runs the Redis tests, it never skips them.`);
  }
  if (!up) console.warn(`Redis is not reachable at ${REDIS.host}:${REDIS.port}: the Redis tests are skipped.`);
  return up;
}

async function reachable({ host, port }: { host: string; port: number }): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, host);
    const settle = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(1_000);
    socket.once("connect", () => settle(true));
    socket.once("error", () => settle(false));
    socket.once("timeout", () => settle(false));
  });
}
