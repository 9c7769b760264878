import { timingSafeEqual } from "node:crypto";
import { config } from "@/lib/config";
import { ApiError } from "@/lib/errors/api-error";
import { bearerToken } from "@/lib/http/bearer-token";

/**
 * The cron route answers only the scheduler: Vercel Cron sends `Authorization: Bearer
 * <CRON_SECRET>`. Without CRON_SECRET configured the route refuses everyone (503), rather than
 * leaving a dispatcher open to the internet.
 */
export function assertCronSecret(request: Request): void {
  const expected = config().cronSecret;
  if (!expected) throw new ApiError("service_unavailable", "The cron route is off: CRON_SECRET is not configured.");
  const given = bearerToken(request.headers) ?? "";
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new ApiError("unauthorized", "The cron route needs Authorization: Bearer <CRON_SECRET>.", { headers: { "WWW-Authenticate": "Bearer" } });
  }
}
