// How the bulk export writes itself: NDJSON or CSV. Both carry the same entries, as the list API
// shows them to the tier, and the same checkpoints (a sealed cursor every batch); they differ in
// where a checkpoint and the end can be said.
import { csvCell } from "./csv-cell";
import type { ProjectedNgo } from "./project-ngo";
import type { ExportFormat } from "./schemas";
import { canSee, NGO_FIELD_TIERS, type NgoField, type Tier } from "@/lib/tiers";

export type ExportEncoder = {
  contentType: string;
  extension: string;
  /** What opens the body: CSV's header row. */
  head(): string;
  /** A batch of entries; `checkpoint` is the cursor after its last entry, when more may follow. */
  batch(entries: ProjectedNgo[], checkpoint: { cursor: string; count: number } | null): string;
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
  batch(entries, checkpoint) {
    let text = "";
    for (const entry of entries) text += line(entry);
    return checkpoint ? text + line({ export: "checkpoint", ...checkpoint }) : text;
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
    batch(entries, checkpoint) {
      let text = "";
      entries.forEach((entry, index) => {
        const record = entry as Record<string, unknown>;
        const cursor = checkpoint && index === entries.length - 1 ? checkpoint.cursor : "";
        text += `${fields.map((field) => csvCell(record[field])).join(",")},${cursor}\r\n`;
      });
      return text;
    },
    complete: () => "",
    interrupted: () => "",
  };
}
