// Runs before every API handler and page (Next 16's proxy, on the Node.js runtime). API: a 405
// for a method the route does not define, CORS preflights, API keys with their origins and
// scopes, and rate limits; nothing passes from here to the handlers but the request: they
// identify it again through the same module and its process-wide cache. Pages: a CSP nonce.
import { NextResponse, type NextRequest } from "next/server";
import { isBenchPassthrough } from "@/lib/bench/is-bench-passthrough";
import { config as appConfig } from "@/lib/config";
import { guardApiRequest } from "@/lib/http/guard-api-request";
import { isApiPath } from "@/lib/http/is-api-path";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { requestContext } from "@/lib/http/request-context";
import { requestId } from "@/lib/http/request-id";
import { withPageNonce } from "@/lib/http/with-page-nonce";

export async function proxy(request: NextRequest): Promise<Response> {
  const response = await answer(request);
  // Where no server of ours sees the request first (on Vercel, install-request-observer.ts never
  // runs), the answers get their X-Request-Id here.
  if (!requestContext().getStore()) {
    response.headers.set("X-Request-Id", requestId(request.headers.get("x-request-id"), appConfig().trustedProxyHops));
  }
  return response;
}

function answer(request: NextRequest): Promise<Response> | Response {
  const { pathname } = request.nextUrl;
  if (isBenchPassthrough(pathname)) return NextResponse.next();
  const refusal = methodNotAllowed(request.method, pathname);
  if (refusal) return refusal;
  return isApiPath(pathname) ? guardApiRequest(request) : withPageNonce(request);
}

// Every API address (none is served without the checks above) and every page: all but Next's
// files, the scripts and the widget, which has a CSP of its own.
export const config = {
  matcher: ["/api/:path*", "/public/api/:path*", "/((?!api/|public/api/|_next/|embed/|embed\\.js|explorer\\.js|icon\\.png).*)"],
};
