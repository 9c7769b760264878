import pg from "pg";
import type { Prisma } from "./generated/client";

/**
 * A composed statement with its values written into it as quoted literals, for the one kind of
 * statement that takes no parameters: COPY (a utility statement, where PostgreSQL binds none).
 * Built from the statement's own pieces (Prisma.Sql keeps the text between its values apart), so
 * no SQL text is searched for placeholders. Every value becomes a string literal, escaped by the
 * driver's escapeLiteral (quotes doubled; with a backslash, an E'' literal with it doubled), and
 * the statement's casts (`${value}::int`) type it as a parameter would have been typed. Arrays
 * become array literals. Anything else is refused rather than guessed at.
 */
export function inlineSql(statement: Prisma.Sql): string {
  const { strings, values } = statement;
  let text = strings[0]!;
  values.forEach((value, i) => (text += literal(value) + strings[i + 1]!));
  return text;
}

function literal(value: unknown): string {
  if (value === null) return "NULL";
  if (Array.isArray(value)) return pg.escapeLiteral(`{${value.map(arrayElement).join(",")}}`);
  return pg.escapeLiteral(scalar(value));
}

function arrayElement(value: unknown): string {
  return value === null ? "NULL" : `"${scalar(value).replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

function scalar(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
  throw new TypeError(`A ${typeof value} value cannot be written into a statement`);
}
