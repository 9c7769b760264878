import { printable } from "./printable";

/**
 * A plain-text table: a header row and left-aligned columns two spaces apart. Cells are made
 * printable and cut with "…" beyond maxWidth, so every row stays one line.
 */
export function formatTable(headers: readonly string[], rows: readonly (readonly string[])[], maxWidth = 40): string {
  const cells = [headers, ...rows].map((row) => row.map((cell) => clip(printable(cell), maxWidth)));
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? "").length)));
  return cells
    .map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ").trimEnd())
    .join("\n");
}

function clip(text: string, maxWidth: number): string {
  return text.length > maxWidth ? `${text.slice(0, maxWidth - 1)}…` : text;
}
