import type { IncomingHttpHeaders } from "node:http";

/**
 * The registry's origin as the visitor reached it (for the examples and embed snippets, and the
 * sitemap's absolute URLs), from the App Router's Headers or a Pages Router request's headers.
 * The service has no configured public URL; behind a proxy the forwarded protocol says whether
 * it was https.
 */
export function requestOrigin(headers: Headers | IncomingHttpHeaders): string {
  const get = (name: string): string | undefined => {
    const value = headers instanceof Headers ? headers.get(name) : headers[name];
    return typeof value === "string" ? value : undefined;
  };
  const host = get("x-forwarded-host") ?? get("host") ?? "localhost";
  const proto = get("x-forwarded-proto")?.split(",")[0]?.trim() ?? (/^(127\.|localhost|\[::1\])/.test(host) ? "http" : "https");
  return `${proto === "https" ? "https" : "http"}://${host}`;
}
