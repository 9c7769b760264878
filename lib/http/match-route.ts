// Matching a path against Next-style route patterns (`/ngos/[slug]`, `/api/[...path]`).

/**
 * The pattern of `patterns` that serves `pathname`, as Next's router picks it: static segments win
 * over dynamic ones, and a catch-all matches last. Undefined when none does.
 */
export function matchRoute(pathname: string, patterns: readonly string[]): string | undefined {
  const path = pathname.replace(/(.)\/+$/, "$1").split("/").slice(1);
  let best: { pattern: string; score: number } | undefined;
  for (const pattern of patterns) {
    const segments = pattern === "/" ? [""] : pattern.split("/").slice(1);
    if (!matches(segments, path)) continue;
    const score = specificity(segments);
    if (!best || score > best.score) best = { pattern, score };
  }
  return best?.pattern;
}

function matches(pattern: readonly string[], path: readonly string[]): boolean {
  const last = pattern.at(-1);
  if (last?.startsWith("[...")) {
    return path.length >= pattern.length && pattern.slice(0, -1).every((s, i) => s === path[i] || isDynamic(s));
  }
  return pattern.length === path.length && pattern.every((s, i) => s === path[i] || isDynamic(s));
}

function specificity(pattern: readonly string[]): number {
  return pattern.reduce((sum, s) => sum + (s.startsWith("[...") ? 0 : isDynamic(s) ? 1 : 2), 0);
}

const isDynamic = (segment: string) => segment.startsWith("[") && segment.endsWith("]");
