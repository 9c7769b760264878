import { DEPRECATIONS, type Deprecation } from "./deprecations";
import { handlerRoute } from "./handler-route";

/**
 * The headers that announce a deprecation on each answer: `Deprecation` as RFC 9745's Structured
 * Field Date (`@` and Unix seconds), `Sunset` as RFC 8594's HTTP-date, and the notice as a Link
 * with `rel="deprecation"`. None for an operation that is not deprecated.
 */
export function deprecationHeaders(method: string, pathname: string, table: readonly Deprecation[] = DEPRECATIONS): Record<string, string> {
  if (table.length === 0) return {};
  const route = handlerRoute(pathname);
  const asked = method === "HEAD" ? "GET" : method;
  const entry = table.find((candidate) => candidate.route === route && candidate.method === asked);
  if (!entry) return {};
  return {
    Deprecation: `@${Math.floor(utcDay(entry.deprecatedOn).getTime() / 1000)}`,
    Sunset: utcDay(entry.sunsetOn).toUTCString(),
    Link: `<${entry.link}>; rel="deprecation"; type="text/html"`,
  };
}

function utcDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}
