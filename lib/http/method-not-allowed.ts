import { ApiError } from "@/lib/errors/api-error";
import { problemResponse } from "./problem-response";
import { allowedMethods } from "./allowed-methods";
import { isApiPath } from "./is-api-path";

/**
 * The 405 for a method the path's route does not answer, with the Allow header listing those it
 * does: problem+json on API paths, a plain text answer elsewhere. Undefined when the method is
 * allowed.
 */
export function methodNotAllowed(method: string, pathname: string): Response | undefined {
  const allowed = allowedMethods(pathname);
  if (allowed.includes(method)) return undefined;
  const allow = allowed.join(", ");
  // The server's method guard answers before Next could add next.config.ts's headers: these are them.
  const headers = { Allow: allow, "Referrer-Policy": pathname.startsWith("/embed/") ? "no-referrer" : "strict-origin-when-cross-origin" };
  if (isApiPath(pathname)) {
    const detail = `${pathname} does not answer ${method.slice(0, 20)}: it answers ${allow}.`;
    return problemResponse(new ApiError("method_not_allowed", detail, { headers }), pathname);
  }
  return new Response("Method not allowed\n", {
    status: 405,
    headers: { ...headers, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}
