// GET /api/registry/ngos — list, search and statistics of public registry entries
import { route } from "@/lib/route/route";
import { ApiError } from "@/lib/errors/api-error";
import { registryCachePolicy } from "@/lib/http/cache-policy";
import { jsonResponse } from "@/lib/http/json-response";
import { parseQuery } from "@/lib/http/parse-query";
import { identifyRequest } from "@/lib/http/identify-request";
import { getRegistryStats } from "@/lib/registry/get-registry-stats";
import { listNgos } from "@/lib/registry/list-ngos";
import { listQuerySchema } from "@/lib/registry/schemas";
import { redactedFields } from "@/lib/tiers";

export const dynamic = "force-dynamic";

export const GET = route({ access: "read" }, async (request) => {
  const query = parseQuery(new URL(request.url).searchParams, listQuerySchema);
  const { tier } = await identifyRequest(request);
  const meta = { tier, redacted: redactedFields(tier) };
  if (query.view === "stats") {
    const pageOnly = (["sort", "limit", "cursor"] as const).filter((name) => query[name] !== undefined);
    if (pageOnly.length) {
      throw ApiError.invalid(pageOnly.map((name) => ({ name, reason: "does not apply to view=stats" })));
    }
    const stats = await getRegistryStats(query, tier);
    return jsonResponse(request, { data: stats, meta: { tier } }, registryCachePolicy(tier));
  }
  const { data, next_cursor, limit } = await listNgos(query, tier);
  return jsonResponse(request, { data, page: { next_cursor, limit }, meta }, registryCachePolicy(tier));
});
