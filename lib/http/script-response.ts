import { createHash } from "node:crypto";

const versions = new Map<string, string>();

/** A script's version: the first characters of its SHA-256, for ETags and cache-busting URLs. */
export function scriptVersion(source: string): string {
  // The scripts are a few constants: each is hashed once per process, not once per request.
  let version = versions.get(source);
  if (version === undefined) {
    version = createHash("sha256").update(source).digest("base64url").slice(0, 16);
    versions.set(source, version);
  }
  return version;
}

/**
 * A script the app serves as a file (/embed.js, /explorer.js): cached for a day by browsers
 * and CDNs, revalidated by ETag, a 304 when the client has it.
 */
export function scriptResponse(request: Request, source: string, headers: Record<string, string> = {}): Response {
  const etag = `"${scriptVersion(source)}"`;
  const all = {
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    ...headers,
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers: all });
  return new Response(source, { headers: all });
}
