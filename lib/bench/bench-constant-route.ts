import { config } from "@/lib/config";
import { ApiError } from "@/lib/errors/api-error";

const BODY = JSON.stringify({ ok: true });

/**
 * The handler of npm run bench's constant routes: a fixed JSON body, so that what a scenario
 * measures is the framework and proxy.ts around it. A 404 unless BENCH_ROUTES=1.
 */
export async function benchConstantRoute(request: Request): Promise<Response> {
  if (!config().benchRoutes) {
    throw new ApiError("not_found", `There is no API endpoint at ${new URL(request.url).pathname}.`);
  }
  return new Response(BODY, { headers: { "Content-Type": "application/json" } });
}
