import { ApiError } from "@/lib/errors/api-error";

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
  const tooLarge = () => new ApiError("payload_too_large", `The body may be at most ${maxBytes} bytes.`);
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  for (let read = await reader?.read(); reader && read && !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(read.value);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return JSON.parse(text);
  } catch {
    throw ApiError.invalid([{ name: "body", reason: text.trim() ? "is not valid JSON" : "is empty: send a JSON object" }]);
  }
}
