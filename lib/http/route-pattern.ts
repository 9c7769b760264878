import { routeMatcher } from "./match-route";
import { ROUTE_MANIFEST } from "./route-manifest";

/** What the app serves besides its route handlers: pages of both routers, metadata routes, Next's files. */
export const PAGE_ROUTES = [
  "/",
  "/stats",
  "/ngos/[slug]",
  "/donations/cancel",
  "/docs",
  "/docs/api",
  "/docs/graphql",
  "/robots.txt",
  "/icon.png",
  "/embed.js",
  "/explorer.js",
  "/embed/donate/[slug]",
  "/bench/constant",
  "/_next/static/[...path]",
  "/_next/data/[...path]",
  "/_next/image",
] as const;

const match = routeMatcher([...Object.keys(ROUTE_MANIFEST), ...PAGE_ROUTES]);

/** Where no route matches (a 404): the raw path could carry anything, so it is never logged. */
export const UNMATCHED_ROUTE = "(unmatched)";

/**
 * The route pattern that serves a path (`/api/registry/ngos/[slug]`), for logs and traces: it
 * names the route without the path's own values, which may be secrets (an intent id, a slug
 * typed by anyone) or unbounded.
 */
export function routePattern(pathname: string): string {
  return match(pathname) ?? UNMATCHED_ROUTE;
}
