// Opaque keyset cursors: the sort key and id of the last entry of a page, bound to the query
// that produced it. Sealed (AES-256-GCM under a key derived from the server secret): a client
// can neither read them (the internal id, a relevance rank) nor change a byte of them unnoticed,
// so a cursor that opens was made here, and anything else is a 400 naming `cursor`.
import { createCipheriv, createDecipheriv, createHash, createHmac } from "node:crypto";
import { ApiError } from "@/lib/errors/api-error";
import { deriveKey } from "@/lib/secrets/derive-key";

export type CursorValue = number | string | null;
export type Cursor = { value: CursorValue; id: string };

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function queryFingerprint(parts: unknown): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("base64url").slice(0, 12);
}

export function encodeCursor(cursor: Cursor, fingerprint: string): string {
  return sealCursor([fingerprint, cursor.value, cursor.id]);
}

/**
 * Seals any list of JSON values as a cursor (the export's positions use it too: a cursor of one
 * kind never opens as the other, as their lengths differ).
 */
export function sealCursor(parts: readonly unknown[]): string {
  const plain = JSON.stringify(parts);
  // The nonce is derived from the content (synthetic, as in AES-SIV): one position always seals
  // to the same text, so a page's answer and its ETag stay the same, and no two different
  // positions share a nonce.
  const iv = createHmac("sha256", deriveKey("cursor")).update(plain).digest().subarray(0, IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", deriveKey("cursor"), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([Buffer.of(VERSION), iv, sealed, cipher.getAuthTag()]).toString("base64url");
}

/** Reads a cursor made by encodeCursor for the same query, or answers 400 naming `cursor`. */
export function decodeCursor(text: string, fingerprint: string, valueKind: "number" | "string" | "date"): Cursor {
  const invalid = (reason: string) => ApiError.invalid([{ name: "cursor", reason }]);
  const parsed = openCursor(text);
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalid("is not a valid cursor");
  const [print, value, id] = parsed as unknown[];
  if (print !== fingerprint) throw invalid("belongs to a query with other filters or another sort");
  // Only this server makes cursors, so these hold; checked all the same, as a query parameter.
  if (typeof id !== "string" || id.length === 0 || id.length > 64) throw invalid("is not a valid cursor");
  if (!valueFits(value, valueKind)) throw invalid("is not a valid cursor");
  return { value: value as CursorValue, id };
}

/** What sealCursor sealed, or a 400 naming `cursor` for anything this server did not make. */
export function openCursor(text: string): unknown {
  const bytes = /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, "base64url") : Buffer.alloc(0);
  // Only the canonical spelling: base64url decoding ignores stray trailing bits, which would let
  // two texts name one cursor.
  if (bytes.toString("base64url") !== text || bytes.length <= 1 + IV_BYTES + TAG_BYTES || bytes[0] !== VERSION) {
    throw ApiError.invalid([{ name: "cursor", reason: "is not a valid cursor" }]);
  }
  try {
    const decipher = createDecipheriv("aes-256-gcm", deriveKey("cursor"), bytes.subarray(1, 1 + IV_BYTES));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const plain = Buffer.concat([decipher.update(bytes.subarray(1 + IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
    return JSON.parse(plain.toString("utf8"));
  } catch {
    throw ApiError.invalid([{ name: "cursor", reason: "is not a valid cursor (changed, or made by another server)" }]);
  }
}

function valueFits(value: unknown, kind: "number" | "string" | "date"): boolean {
  switch (kind) {
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "string":
      return typeof value === "string" && value.length <= 500 && !value.includes("\u0000");
    case "date":
      return value === null || (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(value));
  }
}
