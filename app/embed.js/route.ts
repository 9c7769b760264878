// GET /embed.js — the loader NGO sites add with one <script> tag (versioned; cached for a day)
import { createHash } from "node:crypto";
import { EMBED_LOADER_SCRIPT, EMBED_LOADER_VERSION } from "@/lib/embed/embed-loader-script";

const ETAG = `"${createHash("sha256").update(EMBED_LOADER_SCRIPT).digest("base64url").slice(0, 16)}"`;

export function GET(request: Request): Response {
  const headers = {
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800",
    ETag: ETAG,
    "Embed-Version": EMBED_LOADER_VERSION,
    "Access-Control-Allow-Origin": "*",
    "X-Content-Type-Options": "nosniff",
  };
  if (request.headers.get("if-none-match") === ETAG) return new Response(null, { status: 304, headers });
  return new Response(EMBED_LOADER_SCRIPT, { headers });
}
