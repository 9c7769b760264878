// Runs before every API handler (Next 16's proxy, on the Node.js runtime): a 405 for a method the
// route does not define, CORS preflights, API keys with their origins and scopes, and rate limits.
// Nothing passes from here to the handlers but the request: they identify it again through the
// same module and its process-wide cache.
import { NextResponse, type NextRequest } from "next/server";
import { isBenchPassthrough } from "@/lib/bench/is-bench-passthrough";
import { guardApiRequest } from "@/lib/http/guard-api-request";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

export function proxy(request: NextRequest): Promise<Response> | Response {
  if (isBenchPassthrough(request.nextUrl.pathname)) return NextResponse.next();
  return methodNotAllowed(request.method, request.nextUrl.pathname) ?? guardApiRequest(request);
}

// Every API address: none is served without the checks above.
export const config = { matcher: ["/api/:path*", "/public/api/:path*"] };
