// A test-only Upstash Redis REST endpoint in front of a real redis-server, so the real
// @upstash/redis client runs against real Redis. It speaks what the client uses:
//   POST /            one command as a JSON array           → { result } or 400 { error }
//   POST /pipeline    a JSON array of commands              → [{ result } | { error }, …]
//   POST /multi-exec  the same, inside MULTI … EXEC         → [{ result } | { error }, …]
// with `Authorization: Bearer <token>` (401 otherwise) and, when the client sends
// `Upstash-Encoding: base64` (it does by default), every string result base64-encoded except "OK".
// Scripts: Redis 7.0 rejects the `#!lua flags=allow-key-locking` line @upstash/ratelimit starts
// its scripts with, so EVAL strips it; Redis then knows the script by the hash of the stripped
// text, so EVALSHA of the original hash is translated once the script was seen. Unknown hashes get
// Redis's own NOSCRIPT error, which makes the client fall back to EVAL, as with Upstash.
// It counts requests (round trips), can refuse connections or stop answering (a store that is
// down or hung), and only lets scripts touch keys under its prefix, deleted again by close().
import { createHash, randomUUID } from "node:crypto";
import http from "node:http";
import net from "node:net";

export type UpstashShim = {
  url: string;
  token: string;
  /** Keys the shim lets scripts touch, and deletes on close: give it to the store as its prefix. */
  keyPrefix: string;
  /** Command names of each HTTP request, in order: one entry per round trip. */
  requests: string[][];
  /** Refuses connections and cuts open ones: a store that is down. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /** Accepts requests but never answers them while on: a store that hangs. */
  hang(on: boolean): void;
  close(): Promise<void>;
};

type Reply = string | Buffer | number | null | RedisError | Reply[];

class RedisError {
  constructor(readonly message: string) {}
}

export async function startUpstashShim(redisAddress = { host: "127.0.0.1", port: 6379 }): Promise<UpstashShim> {
  const redis = await connectRedis(redisAddress.host, redisAddress.port);
  const token = randomUUID();
  const keyPrefix = `test:upstash-shim:${randomUUID()}`;
  const strippedHashes = new Map<string, string>();
  const requests: string[][] = [];
  const sockets = new Set<net.Socket>();
  let hanging = false;

  function rewrite(command: string[]): string[] | RedisError {
    const [name = "", ...args] = command;
    const upper = name.toUpperCase();
    if (upper !== "EVAL" && upper !== "EVALSHA") return [upper, ...args];
    const [script = "", count = "0", ...rest] = args;
    if (rest.slice(0, Number(count)).some((key) => !key.startsWith(keyPrefix))) {
      return new RedisError(`ERR the shim only lets scripts touch keys under ${keyPrefix}`);
    }
    if (upper === "EVALSHA") return [upper, strippedHashes.get(script.toLowerCase()) ?? script, count, ...rest];
    if (!script.startsWith("#!lua")) return [upper, script, count, ...rest];
    const stripped = script.slice(script.indexOf("\n") + 1);
    strippedHashes.set(sha1(script), sha1(stripped));
    return [upper, stripped, count, ...rest];
  }

  async function run(commands: string[][], transaction: boolean): Promise<Reply[]> {
    const rewritten = commands.map(rewrite);
    const refused = rewritten.find((c): c is RedisError => c instanceof RedisError);
    if (refused) return commands.map(() => refused);
    const valid = rewritten as string[][];
    if (!transaction) return redis.send(valid);
    const replies = await redis.send([["MULTI"], ...valid, ["EXEC"]]);
    const exec = replies[replies.length - 1];
    if (Array.isArray(exec)) return exec;
    return commands.map(() => (exec instanceof RedisError ? exec : new RedisError("EXECABORT transaction discarded")));
  }

  const server = http.createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      let commands: string[][] = [];
      try {
        const parsed = JSON.parse(body) as unknown[];
        commands = (path === "/" ? [parsed] : parsed).map((c) => (c as unknown[]).map(String));
      } catch {
        // An unparsable body is answered below with a 400, like Upstash does.
      }
      requests.push(commands.map((c) => String(c[0]).toUpperCase()));
      if (hanging) return;
      const answer = (status: number, json: unknown) =>
        response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(json));
      if (request.headers.authorization !== `Bearer ${token}`) return answer(401, { error: "Unauthorized" });
      if (request.method !== "POST" || !["/", "/pipeline", "/multi-exec"].includes(path)) return answer(404, { error: "Not found" });
      if (commands.length === 0) return answer(400, { error: "ERR failed to parse command" });
      const base64 = request.headers["upstash-encoding"] === "base64";
      run(commands, path === "/multi-exec").then(
        (replies) => {
          if (path === "/") {
            const [reply] = replies;
            return reply instanceof RedisError ? answer(400, { error: reply.message }) : answer(200, { result: encode(reply ?? null, base64) });
          }
          answer(200, replies.map((reply) => (reply instanceof RedisError ? { error: reply.message } : { result: encode(reply, base64) })));
        },
        () => answer(500, { error: "ERR redis connection lost" }),
      );
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", () => resolve()));
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  const stop = async () => {
    const closed = new Promise((resolve) => server.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    keyPrefix,
    requests,
    stop,
    start: () => listen(port),
    hang: (on) => {
      hanging = on;
    },
    async close() {
      if (server.listening) await stop();
      await redis.deleteKeys(`${keyPrefix}*`);
      redis.end();
    },
  };
}

/** A Redis reply as the Upstash REST API returns it. */
function encode(reply: Reply, base64: boolean): unknown {
  if (Array.isArray(reply)) return reply.map((item) => encode(item, base64));
  if (reply instanceof RedisError) return reply.message;
  if (Buffer.isBuffer(reply)) return reply.toString(base64 ? "base64" : "utf8");
  if (typeof reply === "string" && base64 && reply !== "OK") return Buffer.from(reply).toString("base64");
  return reply;
}

function sha1(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}

/** A minimal RESP2 client: commands are written in one go and answered in order. */
async function connectRedis(host: string, port: number) {
  const socket = net.connect(port, host);
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  const waiting: Array<{ resolve: (reply: Reply) => void; reject: (error: Error) => void }> = [];
  let buffer = Buffer.alloc(0);
  socket.on("data", (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (let parsed = parseReply(buffer, 0); parsed; parsed = parseReply(buffer, 0)) {
      buffer = buffer.subarray(parsed.end);
      waiting.shift()?.resolve(parsed.reply);
    }
  });
  socket.on("close", () => {
    for (const w of waiting.splice(0)) w.reject(new Error("redis connection closed"));
  });
  socket.on("error", () => {});

  const send = (commands: string[][]): Promise<Reply[]> => {
    const replies = commands.map(() => new Promise<Reply>((resolve, reject) => waiting.push({ resolve, reject })));
    socket.write(
      commands
        .map((args) => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join("")}`)
        .join(""),
    );
    return Promise.all(replies);
  };

  return {
    send,
    async deleteKeys(pattern: string): Promise<void> {
      let cursor = "0";
      do {
        const [scan] = await send([["SCAN", cursor, "MATCH", pattern, "COUNT", "1000"]]);
        const [next, keys] = scan as [Buffer, Buffer[]];
        cursor = next.toString();
        if (keys.length) await send([["DEL", ...keys.map(String)]]);
      } while (cursor !== "0");
    },
    end: () => socket.end(),
  };
}

/** One complete reply from `offset`, or undefined while more bytes are needed. */
function parseReply(buffer: Buffer, offset: number): { reply: Reply; end: number } | undefined {
  const lineEnd = buffer.indexOf("\r\n", offset);
  if (lineEnd < 0) return undefined;
  const type = String.fromCharCode(buffer[offset] ?? 0);
  const line = buffer.toString("utf8", offset + 1, lineEnd);
  const next = lineEnd + 2;
  switch (type) {
    case "+":
      return { reply: line, end: next };
    case "-":
      return { reply: new RedisError(line), end: next };
    case ":":
      return { reply: Number(line), end: next };
    case "$": {
      const length = Number(line);
      if (length < 0) return { reply: null, end: next };
      if (buffer.length < next + length + 2) return undefined;
      return { reply: buffer.subarray(next, next + length), end: next + length + 2 };
    }
    case "*": {
      const count = Number(line);
      if (count < 0) return { reply: null, end: next };
      const items: Reply[] = [];
      let end = next;
      for (let i = 0; i < count; i++) {
        const item = parseReply(buffer, end);
        if (!item) return undefined;
        items.push(item.reply);
        end = item.end;
      }
      return { reply: items, end };
    }
    default:
      throw new Error(`unexpected RESP reply type ${JSON.stringify(type)}`);
  }
}
