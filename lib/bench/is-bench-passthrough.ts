import { config } from "@/lib/config";

/** npm run bench's pass-through proxy scenario: a route proxy.ts lets straight through, only
 * when BENCH_ROUTES=1. Kept apart from the routes' declared access, which is production's. */
export function isBenchPassthrough(pathname: string): boolean {
  return config().benchRoutes && pathname === "/api/bench/passthrough";
}
