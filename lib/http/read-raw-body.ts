import { ApiError } from "@/lib/errors/api-error";

/**
 * The request's body as text, 413 past the size cap (counted while reading, so a missing or false
 * Content-Length does not get around it). A signed body (a provider's webhook) is verified over
 * exactly these bytes.
 */
export async function readRawBody(request: Request, maxBytes: number): Promise<string> {
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
  return Buffer.concat(chunks).toString("utf8");
}
