import { normaliseOrigin } from "./normalise-origin";

/**
 * One entry of a key's origin allowlist. `subdomains` (written `https://*.example.org`) matches
 * any subdomain at any depth (shop.example.org, a.b.example.org) but not example.org itself:
 * an apex is usually a different site run by other people than its subdomains, so allowing it
 * takes its own exact entry. The port must match exactly, like the scheme.
 */
export type OriginPattern =
  | { type: "exact"; origin: string; text: string }
  | { type: "subdomains"; base: string; port: string; text: string };

export type OriginPatternResult = { ok: true; pattern: OriginPattern } | { ok: false; reason: string };

const WILDCARD = /^\s*([A-Za-z][A-Za-z0-9+.-]*):\/\/\*\.(.*)$/s;
const IPV4 = /^\d+\.\d+\.\d+\.\d+$/;

/**
 * Parses an allowlist entry: an exact origin, normalised (normaliseOrigin), or `https://*.domain`.
 * Wildcards are https only (a subdomain wildcard over plain http would trust every host of a
 * domain over a channel anyone on the path can rewrite), must be the whole first label, and need
 * a domain of at least two labels, not an IP address. No public-suffix list is consulted:
 * `https://*.co.uk` is accepted, and is the operator's responsibility.
 * `text` is the canonical spelling, the one the database stores.
 */
export function parseOriginPattern(text: string): OriginPatternResult {
  const wildcard = WILDCARD.exec(text);
  if (!wildcard) {
    if (text.includes("*")) return fail("a wildcard must be the whole first label, as in https://*.example.org");
    const exact = normaliseOrigin(text);
    if (!exact.ok) return exact;
    return { ok: true, pattern: { type: "exact", origin: exact.origin, text: exact.origin } };
  }
  const [, scheme = "", rest = ""] = wildcard;
  if (scheme.toLowerCase() !== "https") return fail("a wildcard origin must use https, as in https://*.example.org");
  if (rest.includes("*")) return fail("only one wildcard, as the whole first label: https://*.example.org");
  const base = normaliseOrigin(`https://${rest}`);
  if (!base.ok) return base;
  const { hostname, port } = new URL(base.origin);
  if (hostname.startsWith("[") || IPV4.test(hostname)) return fail("a wildcard needs a domain name, not an IP address");
  if (!hostname.includes(".")) {
    return fail("a wildcard over a top-level name is too broad: name a domain, as in https://*.example.org");
  }
  const canonical = `https://*.${hostname}${port ? `:${port}` : ""}`;
  return { ok: true, pattern: { type: "subdomains", base: hostname, port, text: canonical } };
}

function fail(reason: string): OriginPatternResult {
  return { ok: false, reason };
}
