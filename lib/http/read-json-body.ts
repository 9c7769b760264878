import { ApiError } from "@/lib/errors/api-error";
import { readRawBody } from "./read-raw-body";

/** Write bodies are small documents; anything larger is refused before it is parsed. */
export const MAX_JSON_BODY_BYTES = 16 * 1024;

/**
 * The request's JSON body, parsed: 415 unless it is sent as application/json, 413 past the size
 * cap (counted while reading, so a missing or false Content-Length does not get around it), 400
 * for text that is not JSON. Validation of the value is the caller's (its zod schema).
 */
export async function readJsonBody(request: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw new ApiError("unsupported_media_type", "Send the body as JSON, with Content-Type: application/json.");
  }
  const text = await readRawBody(request, maxBytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw ApiError.invalid([{ name: "body", reason: text.trim() ? "is not valid JSON" : "is empty: send a JSON object" }]);
  }
  const unstorable = findUnstorableText(value);
  if (unstorable) {
    throw ApiError.invalid([{ name: unstorable.join(".") || "body", reason: "must not contain the NUL character (\\u0000) or an unpaired surrogate (\\ud800–\\udfff)" }]);
  }
  return value;
}

/**
 * The path of the first string (a value or a key) that is not text: the NUL character, which
 * PostgreSQL cannot store, or a lone surrogate, which is no Unicode at all. JSON may escape
 * both; no client has a reason to send them, and refusing them here keeps every write path safe.
 */
function findUnstorableText(value: unknown): string[] | null {
  // With the u flag a surrogate pair is one code point: only a lone surrogate is of category Cs.
  const bad = (s: string) => /[\u0000\p{Cs}]/u.test(s);
  // A stack, not recursion: 16 KB of "[" nests deeper than the call stack goes.
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === "string" && bad(next.value)) return next.path;
    if (typeof next.value !== "object" || next.value === null) continue;
    for (const [key, item] of Object.entries(next.value)) {
      const path = [...next.path, key];
      if (bad(key)) return path;
      pending.push({ value: item, path });
    }
  }
  return null;
}
