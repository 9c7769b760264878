import { createHash } from "node:crypto";

export type CachePolicy = {
  /** The Cache-Control value. */
  cacheControl: string;
  /** Request headers that change the answer (the Vary value). */
  vary?: string[];
};

/**
 * A JSON response with a strong validator: a client that sends back the ETag it holds gets a
 * body-less 304, so polling a registry page costs a few bytes when nothing changed.
 */
export function jsonResponse(request: Request, body: unknown, policy: CachePolicy, status = 200): Response {
  const text = JSON.stringify(body);
  const etag = `"${createHash("sha1").update(text).digest("base64url")}"`;
  const headers = new Headers({ ETag: etag, "Cache-Control": policy.cacheControl });
  if (policy.vary?.length) headers.set("Vary", policy.vary.join(", "));
  if (status === 200 && matches(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Type", "application/json");
  return new Response(text, { status, headers });
}

function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate === etag || candidate === `W/${etag}`;
  });
}
