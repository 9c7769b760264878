// How the bulk export writes itself: NDJSON or CSV. Both carry the same entries, as the list API
// shows them to the tier, and the same checkpoints (a sealed cursor every batch); they differ in
// where a checkpoint and the end can be said.
import { csvCell } from "./csv-cell";
import type { ExportFormat } from "./schemas";
import { canSee, NGO_FIELD_TIERS, type NgoField, type Tier } from "@/lib/tiers";

export type ExportEncoder = {
  contentType: string;
  extension: string;
  /** What opens the body: CSV's header row. */
  head(): string;
  /**
   * A batch, from its entries' JSON lines (export-lines.ts) and `checkpoint`, the cursor after its
   * last entry when more may follow: as pieces of text, which the export writes out as bytes
   * one after another (utf8Bytes) rather than joining them into one long string first.
   */
  batch(lines: readonly string[], checkpoint: { cursor: string; count: number } | null): string[];
  /** The end of a complete export. */
  complete(count: number): string;
  /** The end of an export that stopped early: NDJSON's last line; CSV has none (its transfer is broken off). */
  interrupted(end: { count: number; cursor: string | null; retry_after?: number; problem: object }): string;
};

/**
 * NDJSON: entry lines, and lines of our own that an entry can never be mistaken for, as no
 * entry has an `export` field: `{"export":"checkpoint","cursor":…,"count":n}` after each batch,
 * `{"export":"complete","count":n}` at the very end, or `{"export":"interrupted",…}` with the
 * problem when it must stop (a body without the complete line is incomplete, however it ended). CSV: a header row naming the tier's fields and a last column,
 * resume_cursor, empty but on the last row of each batch; a CSV export is complete when its
 * response ends cleanly (an interrupted one is broken off, so the transfer fails), as a
 * spreadsheet's rows have nowhere else to say so.
 */
export function exportEncoder(format: ExportFormat, tier: Tier): ExportEncoder {
  return format === "csv" ? csvEncoder(tier) : NDJSON;
}

const line = (value: unknown) => `${JSON.stringify(value)}\n`;

const NDJSON: ExportEncoder = {
  contentType: "application/x-ndjson",
  extension: "ndjson",
  head: () => "",
  batch(lines, checkpoint) {
    const pieces = lines.flatMap((json) => [json, "\n"]);
    if (checkpoint) pieces.push(line({ export: "checkpoint", ...checkpoint }));
    return pieces;
  },
  complete: (count) => line({ export: "complete", count }),
  interrupted: (end) => line({ export: "interrupted", ...end }),
};

function csvEncoder(tier: Tier): ExportEncoder {
  const fields = (Object.keys(NGO_FIELD_TIERS) as NgoField[]).filter((field) => canSee(tier, field));
  return {
    contentType: "text/csv; charset=utf-8",
    extension: "csv",
    head: () => `${[...fields, "resume_cursor"].join(",")}\r\n`,
    batch(lines, checkpoint) {
      return lines.map((json, index) => {
        const record = JSON.parse(json) as Record<string, unknown>;
        const cursor = checkpoint && index === lines.length - 1 ? checkpoint.cursor : "";
        return `${fields.map((field) => csvCell(record[field])).join(",")},${cursor}\r\n`;
      });
    },
    complete: () => "",
    interrupted: () => "",
  };
}

/**
 * Pieces of text as one run of UTF-8 bytes, written straight into one buffer: no string as long as
 * a batch (two megabytes for a partner's 1,000 entries) is made, which V8 would keep among its
 * large objects until a full collection, and an export's memory would grow by many of them.
 */
export function utf8Bytes(pieces: readonly string[]): Uint8Array {
  let size = 0;
  for (const piece of pieces) size += Buffer.byteLength(piece);
  const bytes = Buffer.allocUnsafe(size);
  let at = 0;
  for (const piece of pieces) at += bytes.write(piece, at);
  return bytes;
}
