// GET /embed.js — the loader NGO sites add with one <script> tag (versioned; cached for a day)
import { EMBED_LOADER_VERSION } from "@/lib/embed/embed-loader-version";
import { EMBED_LOADER_SCRIPT } from "@/lib/generated-browser/embed-loader";
import { scriptResponse } from "@/lib/http/script-response";

export function GET(request: Request): Response {
  return scriptResponse(request, EMBED_LOADER_SCRIPT, { "Embed-Version": EMBED_LOADER_VERSION, "Access-Control-Allow-Origin": "*" });
}
