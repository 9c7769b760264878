import { withApiHeaders } from "./api-headers";
import { problemResponse } from "./problem-response";

/**
 * Wraps a route handler: whatever it throws becomes problem+json, and every answer carries the
 * API headers.
 */
export function apiRoute<Context>(
  handler: (request: Request, context: Context) => Promise<Response>,
): (request: Request, context: Context) => Promise<Response> {
  return async (request, context) => {
    try {
      return withApiHeaders(await handler(request, context));
    } catch (error) {
      return problemResponse(error, new URL(request.url).pathname);
    }
  };
}
