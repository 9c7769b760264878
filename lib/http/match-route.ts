// Matching a path against Next-style route patterns (`/ngos/[slug]`, `/api/[...path]`).

/** The pattern of a matcher's list that serves a path, or undefined when none does. */
export type RouteMatcher = (pathname: string) => string | undefined;

type Compiled = { pattern: string; segments: readonly string[]; dynamic: readonly boolean[]; catchAll: boolean };

/**
 * A matcher for `patterns`, as Next's router picks among them: static segments win over dynamic
 * ones, and a catch-all matches last. The patterns are split and ranked once, here: every API
 * request asks four times (its access, its methods, its deprecation, its name in logs), which
 * cost 12–22 µs a time when each call split all of them again. The last path asked is
 * remembered, since those four ask about the same one.
 */
export function routeMatcher(patterns: readonly string[]): RouteMatcher {
  const ranked = patterns
    .map((pattern, order) => {
      const segments = pattern === "/" ? [""] : pattern.split("/").slice(1);
      const catchAll = segments.at(-1)?.startsWith("[...") ?? false;
      const fixed = catchAll ? segments.slice(0, -1) : segments;
      return { compiled: { pattern, segments: fixed, dynamic: fixed.map(isDynamic), catchAll }, score: specificity(segments), order };
    })
    // Best first, and the earlier of two equally specific patterns first: the first match wins.
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map((r) => r.compiled);
  let last: { pathname: string; pattern: string | undefined } | undefined;
  return (pathname) => {
    if (last?.pathname === pathname) return last.pattern;
    const path = pathname.replace(/(.)\/+$/, "$1").split("/").slice(1);
    const pattern = ranked.find((route) => matches(route, path))?.pattern;
    last = { pathname, pattern };
    return pattern;
  };
}

function matches({ segments, dynamic, catchAll }: Compiled, path: readonly string[]): boolean {
  // A catch-all takes one segment at least: `/api/[...path]` does not serve `/api`.
  if (catchAll ? path.length <= segments.length : path.length !== segments.length) return false;
  for (let i = 0; i < segments.length; i++) if (!dynamic[i] && segments[i] !== path[i]) return false;
  return true;
}

function specificity(pattern: readonly string[]): number {
  return pattern.reduce((sum, s) => sum + (s.startsWith("[...") ? 0 : isDynamic(s) ? 1 : 2), 0);
}

const isDynamic = (segment: string) => segment.startsWith("[") && segment.endsWith("]");
