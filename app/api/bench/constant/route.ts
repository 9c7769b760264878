// GET /api/bench/constant — the framework floor for npm run bench; 404 unless BENCH_ROUTES=1
import { config } from "@/lib/config";
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";

export const dynamic = "force-dynamic";

const BODY = JSON.stringify({ ok: true });

export const GET = apiRoute(async (request) => {
  if (!config().benchRoutes) {
    throw new ApiError("not_found", `There is no API endpoint at ${new URL(request.url).pathname}.`);
  }
  return new Response(BODY, { headers: { "Content-Type": "application/json" } });
});
