import { GraphQLHttpError } from "./graphql-http-error";

/** Far above any real query (the largest introspection query is a few kB), far below harm. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The body of a POST, checked before Apollo sees it: at most MAX_BODY_BYTES, JSON by
 * Content-Type and by content. Returns it parsed, for Apollo to read the operation from.
 */
export async function readGraphQLPost(request: Request): Promise<unknown> {
  const mediaType = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/json") {
    throw new GraphQLHttpError(415, "UNSUPPORTED_MEDIA_TYPE", "Send the operation as JSON, with Content-Type: application/json.");
  }
  const text = await readCapped(request);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new GraphQLHttpError(400, "BAD_REQUEST", "The request body is not valid JSON.");
  }
}

async function readCapped(request: Request): Promise<string> {
  const tooLarge = () =>
    new GraphQLHttpError(413, "PAYLOAD_TOO_LARGE", `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
  if (Number(request.headers.get("content-length")) > MAX_BODY_BYTES) throw tooLarge();
  const reader = request.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new GraphQLHttpError(400, "BAD_REQUEST", "The request body is not valid UTF-8.");
  }
}
