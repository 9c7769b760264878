import fs from "node:fs";
import { parse } from "csv-parse/sync";
import { ApiError } from "@/lib/errors/api-error";

/** One record of an import file, with the row number an operator finds it under. */
export type ImportRow = { row: number; fields: Record<string, unknown> };

const NUMBER_FIELDS = new Set(["founded_year"]);
const BOOLEAN_FIELDS = new Set(["donations_enabled"]);

/**
 * The records of a CSV (with a header line) or JSONL file. Row numbers are the file's line
 * numbers as an editor or spreadsheet shows them: a CSV's first record is row 2. CSV cells are
 * text, so the few typed fields are converted here and an empty cell means "not given".
 */
export function readImportRows(file: string): ImportRow[] {
  const text = fs.readFileSync(file, "utf8");
  if (/\.jsonl$/i.test(file)) {
    return text.split("\n").flatMap((line, index): ImportRow[] => {
      if (line.trim() === "") return [];
      try {
        const value: unknown = JSON.parse(line);
        return [{ row: index + 1, fields: typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : { _: value } }];
      } catch {
        return [{ row: index + 1, fields: { _invalid_json: true } }];
      }
    });
  }
  if (!/\.csv$/i.test(file)) throw ApiError.invalid([{ name: "file", reason: "must end in .csv or .jsonl" }]);
  let records: Record<string, string>[];
  try {
    records = parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true, relax_column_count: false });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw ApiError.invalid([{ name: line ? `row ${line}` : "file", reason: "is not well-formed CSV" }]);
  }
  return records.map((record, index) => ({ row: index + 2, fields: typedCells(record) }));
}

function typedCells(record: Record<string, string>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, cell] of Object.entries(record)) {
    if (cell === "") continue;
    if (NUMBER_FIELDS.has(name)) fields[name] = /^-?\d+$/.test(cell) ? Number(cell) : cell;
    else if (BOOLEAN_FIELDS.has(name)) fields[name] = cell === "true" ? true : cell === "false" ? false : cell;
    else fields[name] = cell;
  }
  return fields;
}
