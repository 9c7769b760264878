// GET /api/registry/export — the whole registry as the key's tier may see it, streamed as NDJSON or CSV
import { keyed, route } from "@/lib/route/route";
import { parseQuery } from "@/lib/http/parse-query";
import { limitRequest } from "@/lib/rate-limit/limit-request";
import { quotaExceededProblem } from "@/lib/rate-limit/quota-exceeded-problem";
import { exportNgos } from "@/lib/registry/export-ngos";
import { exportQuerySchema } from "@/lib/registry/schemas";

export const dynamic = "force-dynamic";

// Keyed: an export is a partner's tool, metered by rows against its key's quota; anonymous
// callers page through the list instead (401 here).
export const GET = route({ access: keyed("registry:read") }, async (request, { key }) => {
  const query = parseQuery(new URL(request.url).searchParams, exportQuerySchema);
  const meter = async () => {
    const outcome = await limitRequest({ kind: "key", keyId: key.id, perMinute: key.rate_limit_per_minute });
    if (!outcome.result.allowed) throw quotaExceededProblem(outcome.result, outcome.policy);
  };
  const { body, contentType, extension } = await exportNgos(query, key.tier, meter, new URL(request.url).pathname);
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="trust-registry.${extension}"`,
      "Cache-Control": "no-store",
    },
  });
});
