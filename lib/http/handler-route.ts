import { routeMatcher } from "./match-route";
import { ROUTE_MANIFEST } from "./route-manifest";

/**
 * The route handler file's pattern that serves a path (a key of ROUTE_MANIFEST), or undefined
 * where no handler does (pages, static files, a 404). One matcher for the access checks, the
 * 405's methods and the deprecation headers, which ask it in turn about the same request's path.
 */
export const handlerRoute = routeMatcher(Object.keys(ROUTE_MANIFEST));
