// A round-robin HTTP balancer for the instances benchmark, run as a process of its own so its CPU
// is counted apart: `node --import tsx bench/round-robin.ts PORT URL [URL…]` hands each request to
// the next URL in turn over kept-alive connections, body and answer piped through unchanged.
// One backend is the same hop with nothing to balance: one instance and two are measured alike.
import http from "node:http";

const [port, ...targets] = process.argv.slice(2);
const backends = targets.map((target) => new URL(target));
if (!port || backends.length === 0) throw new Error("usage: round-robin.ts PORT URL [URL…]");

// As many kept-alive sockets as the load generator opens: a balancer must not queue requests.
// Idle ones are closed after 30 s, well before the instances' keep-alive timeout ends.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 30_000 });
let turn = 0;

const server = http.createServer((request, response) => {
  const backend = backends[turn++ % backends.length] as URL;
  const upstream = http.request(
    { host: backend.hostname, port: backend.port, method: request.method, path: request.url, headers: request.headers, agent },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on("error", () => {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  });
  request.pipe(upstream);
});
server.keepAliveTimeout = 30_000;
server.listen(Number(port), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
