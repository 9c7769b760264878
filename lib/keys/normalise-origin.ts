// One spelling per web origin (RFC 6454: scheme, host, port), for allowlists and Origin headers
// alike, so that matching is string comparison: https://Bücher.Example.:443/ and
// https://xn--bcher-kva.example are the same site and normalise to the latter.

export type OriginResult = { ok: true; origin: string } | { ok: false; reason: string };

const SCHEME_AUTHORITY_REST = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#\\]*)(.*)$/s;
// After the URL parser: lower case, IDN as punycode. Underscores occur in real host names.
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/**
 * `scheme://host[:port]` in canonical form: lower-case scheme and host, an IDN host as punycode
 * (as browsers send it), the default port dropped, one trailing dot of a fully qualified name
 * removed. Anything else is refused with a reason an operator can act on: paths, queries,
 * fragments, credentials, schemes other than http and https (file:, chrome-extension:, …), and
 * the `null` origin of sandboxed frames and local files, which names no site at all.
 */
export function normaliseOrigin(text: string): OriginResult {
  const trimmed = text.trim();
  if (trimmed === "") return fail("must not be empty");
  if (trimmed.toLowerCase() === "null") {
    return fail("the null origin (sandboxed frames, local files) names no site and cannot be allowed");
  }
  // The URL parser silently drops tabs and newlines inside a host: refuse them instead.
  if (/[\s\u0000-\u001f\u007f]/.test(trimmed)) return fail("must not contain spaces or control characters");
  const parts = SCHEME_AUTHORITY_REST.exec(trimmed);
  if (!parts) return fail("must be an origin: scheme://host[:port], e.g. https://example.org");
  const [, rawScheme = "", authority = "", rest = ""] = parts;
  const scheme = rawScheme.toLowerCase();
  if (scheme !== "http" && scheme !== "https") {
    return fail(`the ${scheme}: scheme is not a web site: only http and https origins can be allowed`);
  }
  // A lone trailing slash is how browsers' address bars show an origin: forgiven.
  if (rest !== "" && rest !== "/") return fail("must not have a path, query or fragment: only scheme://host[:port]");
  if (authority.includes("@")) return fail("must not contain a user name or password");
  let url: URL;
  try {
    url = new URL(`${scheme}://${authority}`);
  } catch {
    return fail("does not have a valid host and port");
  }
  // example.org. is example.org written as a fully qualified name: one site, one spelling.
  const host = url.hostname.endsWith(".") ? url.hostname.slice(0, -1) : url.hostname;
  if (!isHostName(host)) return fail(`'${host}' is not a valid host name`);
  return { ok: true, origin: `${url.protocol}//${host}${url.port ? `:${url.port}` : ""}` };
}

function isHostName(host: string): boolean {
  if (host.startsWith("[")) return true; // an IPv6 literal, already validated by the URL parser
  return host.length > 0 && host.length <= 253 && host.split(".").every((label) => LABEL.test(label));
}

function fail(reason: string): OriginResult {
  return { ok: false, reason };
}
