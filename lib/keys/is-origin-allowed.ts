import { normaliseOrigin } from "./normalise-origin";
import { parseOriginPattern } from "./parse-origin-pattern";

/**
 * Whether a request's Origin is on an allowlist. Both sides are normalised, so an upper-case,
 * IDN or trailing-dot spelling matches its canonical entry. A missing Origin, the `null` origin
 * and non-web schemes (file:, chrome-extension:, …) never match anything; nor does an entry
 * that does not parse. Scheme and port must match exactly (https://x ≠ http://x ≠ https://x:8443).
 */
export function isOriginAllowed(origin: string | null | undefined, patterns: readonly string[]): boolean {
  if (!origin) return false;
  const normal = normaliseOrigin(origin);
  if (!normal.ok) return false;
  const url = new URL(normal.origin);
  return patterns.some((text) => {
    const parsed = parseOriginPattern(text);
    if (!parsed.ok) return false;
    const pattern = parsed.pattern;
    if (pattern.type === "exact") return pattern.origin === normal.origin;
    return url.protocol === "https:" && url.port === pattern.port && url.hostname.endsWith(`.${pattern.base}`);
  });
}
