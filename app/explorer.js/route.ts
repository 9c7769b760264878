// GET /explorer.js — the explorer pages' one script: live search, copy buttons, the widget preview's size
import { EXPLORER_SCRIPT } from "@/lib/generated-browser/explorer";
import { scriptResponse } from "@/lib/http/script-response";

export function GET(request: Request): Response {
  return scriptResponse(request, EXPLORER_SCRIPT);
}
