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
  return copyText(typeof value === "string" ? value : String(value));
}

/**
 * Text as one field of a row, escaped as copyLine escapes it. Most text has nothing to escape:
 * four indexOf scans find that out as fast as a regular expression on short text, and three to
 * eight times faster on long text (descriptions, JSON).
 */
export function copyText(text: string): string {
  const plain = text.indexOf("\\") === -1 && text.indexOf("\t") === -1 && text.indexOf("\n") === -1 && text.indexOf("\r") === -1;
  return plain ? text : text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!);
}

const ESCAPES: Readonly<Record<string, string>> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };
