// The query's floor for npm run bench: a bare node:http server that calls the same registry
// functions as the REST routes, on the same database (DATABASE_URL), without Next in between.
// Usage: node --import tsx bench/floor-server.ts <port>
//   GET /list?…    listNgos, answered in the list route's body shape (same query parameters)
//   GET /search?q= the same, with a search
//   GET /stats?…   getRegistryStats, in the stats view's body shape
//   GET /stats-uncached?…  the same, computed afresh each time: what a cache miss costs
//   GET /constant  {"ok":true}, no database: bare node's own rate, to compare Next's with
import http from "node:http";
import { closeConnection } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { parseQuery } from "@/lib/http/parse-query";
import { computeRegistryStats, getRegistryStats } from "@/lib/registry/get-registry-stats";
import { listNgos } from "@/lib/registry/list-ngos";
import { listQuerySchema } from "@/lib/registry/schemas";
import { redactedFields, type Tier } from "@/lib/tiers";

const TIER: Tier = "public";

async function answer(url: URL): Promise<unknown> {
  const query = parseQuery(url.searchParams, listQuerySchema);
  switch (url.pathname) {
    case "/list":
    case "/search": {
      const { data, next_cursor, limit } = await listNgos(query, TIER);
      return { data, page: { next_cursor, limit }, meta: { tier: TIER, redacted: redactedFields(TIER) } };
    }
    case "/stats":
      return { data: await getRegistryStats(query, TIER), meta: { tier: TIER } };
    case "/stats-uncached":
      return { data: await computeRegistryStats(query, TIER), meta: { tier: TIER } };
    default:
      throw new ApiError("not_found", `no floor route at ${url.pathname}`);
  }
}

const CONSTANT = JSON.stringify({ ok: true });

const server = http.createServer((request, response) => {
  if (request.url === "/constant") {
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(CONSTANT);
    return;
  }
  answer(new URL(request.url ?? "/", "http://floor"))
    .then((body) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    })
    .catch((error: unknown) => {
      const status = error instanceof ApiError ? error.status : 500;
      response.writeHead(status, { "Content-Type": "text/plain" });
      response.end(error instanceof Error ? error.message : String(error));
    });
});

const port = Number(process.argv[2] ?? 0);
server.listen(port, "127.0.0.1", () => {
  const address = server.address();
  console.log(`floor server listening on ${typeof address === "object" && address ? address.port : port}`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close();
    void closeConnection().finally(() => process.exit(0));
  });
}
