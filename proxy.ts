// Runs before every API handler (Next 16's proxy, on the Node.js runtime): CORS preflights, API
// keys with their origins and scopes, rate limits, and the verified identity for the handlers.
import type { NextRequest } from "next/server";
import { guardApiRequest } from "@/lib/http/guard-api-request";

export function proxy(request: NextRequest): Promise<Response> {
  return guardApiRequest(request);
}

// Every path whose handler reads the identity header must be here, or a client could set it.
export const config = { matcher: ["/api/:path*", "/public/api/:path*"] };
