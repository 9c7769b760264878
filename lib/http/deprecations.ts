// The API's deprecated operations: the one place a deprecation is declared (docs/deprecation.md
// is the policy). An entry here makes every answer of that route and method carry Deprecation
// (RFC 9745), Sunset (RFC 8594) and a Link to the notice (proxy.ts sets them, also on errors), and
// marks the operation `deprecated: true` in the OpenAPI document. deprecations.test.ts holds the
// policy's rules: a real route, six months or more between the dates, an absolute https link.
//
// For example, to deprecate one entry by slug in favour of a newer route:
//   { route: "/api/registry/ngos/[slug]", method: "GET", deprecatedOn: "2027-01-15",
//     sunsetOn: "2027-07-15", link: "https://registry.example/docs/deprecation#ngo-by-slug" },

export interface Deprecation {
  /** The route as app/ names it, a key of ROUTE_MANIFEST (`/api/v1/keys/[id]`). */
  route: string;
  /** The method deprecated; HEAD follows GET. */
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The day (UTC, YYYY-MM-DD) it is deprecated from; it may be announced ahead, in the future. */
  deprecatedOn: string;
  /** The day (UTC, YYYY-MM-DD) after which it may stop answering. */
  sunsetOn: string;
  /** Where a client reads why, and what to use instead. */
  link: string;
}

export const DEPRECATIONS: readonly Deprecation[] = [];
