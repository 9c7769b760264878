// What an API route asks of a request before its handler runs. Each handler declares it where it
// is defined (lib/route/route.ts); proxy.ts reads the same declarations from the generated route manifest.
import type { ApiAccess } from "./api-access-rule";
import { handlerRoute } from "./handler-route";
import { ROUTE_MANIFEST } from "./route-manifest";

const PUBLIC: ApiAccess = { kind: "read" };

/**
 * The access a request to `pathname` with `method` meets: its route's declaration for that method
 * (HEAD is GET's). A preflight passes the method it asks about; any other method the route does
 * not define (a plain OPTIONS) gets GET's rule, else the route's first. A path no route serves is
 * public: Next answers it with a 404.
 */
export function apiAccess(pathname: string, method: string): ApiAccess {
  const pattern = handlerRoute(pathname);
  if (!pattern) return PUBLIC;
  const declared = ROUTE_MANIFEST[pattern]!;
  const access = declared[method === "HEAD" ? "GET" : method] ?? declared.GET ?? Object.values(declared)[0];
  return access ?? PUBLIC;
}
