// Opaque keyset cursors: the sort key and id of the last entry of a page, bound to the query
// that produced it. Opaque to clients, but not secret: a forged cursor can only choose a
// starting point inside what the caller may see anyway, so it is validated, not signed.
import { createHash } from "node:crypto";
import { ApiError } from "@/lib/errors/api-error";

export type CursorValue = number | string | null;
export type Cursor = { value: CursorValue; id: string };

export function queryFingerprint(parts: unknown): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("base64url").slice(0, 12);
}

export function encodeCursor(cursor: Cursor, fingerprint: string): string {
  return Buffer.from(JSON.stringify([fingerprint, cursor.value, cursor.id])).toString("base64url");
}

/** Reads a cursor made by encodeCursor for the same query, or answers 400 naming `cursor`. */
export function decodeCursor(text: string, fingerprint: string, valueKind: "number" | "string" | "date"): Cursor {
  const invalid = (reason: string) => ApiError.invalid([{ name: "cursor", reason }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw invalid("is not a valid cursor");
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalid("is not a valid cursor");
  const [print, value, id] = parsed as unknown[];
  if (print !== fingerprint) throw invalid("belongs to a query with other filters or another sort");
  if (typeof id !== "string" || id.length === 0 || id.length > 64) throw invalid("is not a valid cursor");
  if (!valueFits(value, valueKind)) throw invalid("is not a valid cursor");
  return { value: value as CursorValue, id };
}

function valueFits(value: unknown, kind: "number" | "string" | "date"): boolean {
  switch (kind) {
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "string":
      return typeof value === "string" && value.length <= 500;
    case "date":
      return value === null || (typeof value === "string" && !Number.isNaN(Date.parse(value)) && value.length <= 40);
  }
}
