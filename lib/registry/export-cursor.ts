// The bulk export's checkpoints: where an export stands (the id of the last entry sent) and the
// snapshot it reads (the moment it began), bound to its tier and filters and sealed like the
// list's cursors, so a client resumes exactly where it stopped and cannot move the snapshot, its
// filters or its tier.
import { ApiError } from "@/lib/errors/api-error";
import { openCursor, sealCursor } from "./cursor";

export type ExportPosition = {
  /** The export's snapshot: only entries created at or before this moment are in it. */
  mark: string;
  /** The last entry sent, in the export's order (by id). */
  id: string;
  /** Entries the export has sent up to here, over all its responses. */
  count: number;
};

const KIND = "export";
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3,6}Z$/;

export function encodeExportCursor(position: ExportPosition, fingerprint: string): string {
  return sealCursor([KIND, fingerprint, position.mark, position.id, position.count]);
}

/** Reads a checkpoint of an export with the same tier and filters, or answers 400 naming `cursor`. */
export function decodeExportCursor(text: string, fingerprint: string): ExportPosition {
  const invalid = (reason: string) => ApiError.invalid([{ name: "cursor", reason }]);
  const parsed = openCursor(text);
  if (!Array.isArray(parsed) || parsed[0] !== KIND) throw invalid("is not an export cursor");
  // Checkpoints of version 0.3.0 also held the creation time of their entry, as the export then
  // ran in creation order: such an export cannot be resumed in today's order.
  if (parsed.length !== 5) throw invalid("is from an earlier version of the export: start it again");
  const [, print, mark, id, count] = parsed as unknown[];
  if (print !== fingerprint) throw invalid("belongs to an export with other filters or another tier");
  if (typeof mark !== "string" || !TIME.test(mark)) throw invalid("is not a valid cursor");
  if (typeof id !== "string" || id.length === 0 || id.length > 64) throw invalid("is not a valid cursor");
  if (typeof count !== "number" || !Number.isSafeInteger(count) || count < 1) throw invalid("is not a valid cursor");
  return { mark, id, count };
}
