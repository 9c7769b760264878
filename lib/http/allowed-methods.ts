// The methods each route answers, for the 405's Allow header: a request with another method is
// refused before Next runs (see methodNotAllowed). The route manifest lists each route file's
// exports; every path no route file serves (pages, static files) answers GET only.
import { handlerRoute } from "./handler-route";
import { ROUTE_MANIFEST } from "./route-manifest";

const DEFAULT_METHODS = ["GET"] as const;

/**
 * Every method a path answers, sorted: its route's exports, HEAD wherever GET is (Next answers it
 * with GET's handler) and OPTIONS everywhere (CORS preflights, Next's automatic answer).
 */
export function allowedMethods(pathname: string): string[] {
  const match = handlerRoute(pathname);
  const methods = new Set<string>([...(match ? Object.keys(ROUTE_MANIFEST[match]!) : DEFAULT_METHODS), "OPTIONS"]);
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods].sort();
}
