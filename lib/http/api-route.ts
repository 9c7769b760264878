import { withApiHeaders } from "./api-headers";
import { assertRouteParams } from "./assert-route-params";
import { problemResponse } from "./problem-response";

/**
 * Wraps a route handler: its path segments are checked first (assertRouteParams), whatever it
 * throws becomes problem+json, and every answer carries the API headers.
 */
export function apiRoute<Context>(
  handler: (request: Request, context: Context) => Promise<Response>,
): (request: Request, context: Context) => Promise<Response> {
  return async (request, context) => {
    try {
      await assertRouteParams(context);
      return withApiHeaders(await handler(request, context));
    } catch (error) {
      return problemResponse(error, new URL(request.url).pathname);
    }
  };
}
