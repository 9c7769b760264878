// One CSV cell (RFC 4180), safe to open in a spreadsheet.

// What a spreadsheet may read as the start of a formula (OWASP's CSV injection list): such a
// cell gets a leading apostrophe, which spreadsheets hide and treat as "this is text". No number
// the registry exports is negative, so no number is changed by it.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A value as a CSV cell: null and undefined empty, objects and arrays as JSON text, text quoted
 * when it holds a comma, quote or line break (its quotes doubled), and a possible formula
 * defused with a leading apostrophe.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "object" ? JSON.stringify(value) : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
