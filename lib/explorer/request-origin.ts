/**
 * The registry's origin as the visitor reached it (for the embed snippet and the sitemap's
 * absolute URLs). The service has no configured public URL; behind a proxy the forwarded
 * protocol says whether it was https.
 */
export function requestOrigin(headers: Headers): string {
  const host = headers.get("x-forwarded-host") ?? headers.get("host") ?? "localhost";
  const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? (/^(127\.|localhost|\[::1\])/.test(host) ? "http" : "https");
  return `${proto === "https" ? "https" : "http"}://${host}`;
}
