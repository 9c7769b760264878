import { ApiError } from "@/lib/errors/api-error";

// Control characters (C0, DEL, C1), lone surrogates and the noncharacters U+FFFE/U+FFFF: no slug
// or id holds one, and PostgreSQL refuses a NUL byte outright, so they are refused here, before
// any lookup.
const UNUSABLE = /[\p{Cc}\p{Cs}\uFFFE\uFFFF]/u;

/**
 * Refuses a dynamic route segment that no resource can be named by, as a 400 naming the segment.
 * Takes a route's context (App Router: `params` is a promise) or the params themselves (Pages
 * Router), so every dynamic route checks its segments through this one function.
 */
export async function assertRouteParams(context: unknown): Promise<void> {
  const params = (await (context as { params?: unknown } | null | undefined)?.params) as Record<string, string | string[] | undefined> | undefined;
  const errors = Object.entries(params ?? {})
    .filter(([, value]) => [value ?? []].flat().some((part) => UNUSABLE.test(part)))
    .map(([name]) => ({ name, reason: "must not contain control characters or invalid Unicode" }));
  if (errors.length) throw ApiError.invalid(errors);
}
