/**
 * One row in COPY's text format: values separated by tabs, NULL as \N, and the backslash, tab,
 * newline and carriage return of a value escaped so that no value can end its field or row.
 * Dates go as ISO timestamps in UTC, which a timestamptz column reads the same in any session
 * time zone; a DATE column takes a string (YYYY-MM-DD) from the caller.
 */
export function copyLine(values: readonly unknown[]): string {
  return `${values.map(copyField).join("\t")}\n`;
}

function copyField(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  if (value instanceof Date) return value.toISOString();
  const text = typeof value === "string" ? value : String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : text;
}

const ESCAPES: Readonly<Record<string, string>> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };
