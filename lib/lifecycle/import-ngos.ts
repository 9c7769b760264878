import { getConnection } from "@/lib/db";
import { ApiError, type FieldError } from "@/lib/errors/api-error";
import { invalidInput } from "@/lib/errors/invalid-input";
import type { Actor } from "./actor";
import { copyNgoBatch } from "./copy-ngo-batch";
import type { ImportRow } from "./read-import-rows";
import { runWrite } from "./run-write";
import { createNgoSchema, type CreateNgoInput } from "./schemas";
import { scoreFromInputs } from "./score-from-inputs";
import { upsertNgoBatch, type ImportOutcome } from "./upsert-ngo-batch";

export type ImportError = { row: number } & FieldError;
export type ImportSummary = { rows: number; created: number; updated: number; unchanged: number; failed: number; errors: ImportError[] };
export type ImportProgress = (done: number, total: number) => void;

/** Rows per transaction: through statements (PGlite), and through COPY (PostgreSQL). */
export const DEFAULT_IMPORT_BATCH = 1000;
export const DEFAULT_COPY_IMPORT_BATCH = 20_000;

/**
 * Imports registry entries: every row is validated first (row-numbered errors, nothing written
 * for a bad row), then the good rows go in batches, one transaction each. A row upserts: by its
 * slug when it has one, else by country and registration number; an existing entry gets only
 * the fields that differ, so importing the same file again changes nothing and writes no event.
 * On PostgreSQL a batch goes in through COPY and set-based statements (copy-ngo-batch.ts), on
 * PGlite through a few statements a batch (upsert-ngo-batch.ts): the same entries either way.
 */
export async function importNgos(
  rows: readonly ImportRow[],
  actor: Actor,
  { batchSize, onProgress }: { batchSize?: number; onProgress?: ImportProgress } = {},
): Promise<ImportSummary> {
  const summary: ImportSummary = { rows: rows.length, created: 0, updated: 0, unchanged: 0, failed: 0, errors: [] };
  const good: { row: number; input: CreateNgoInput }[] = [];
  for (const { row, fields } of rows) {
    const parsed = createNgoSchema.safeParse(fields);
    const errors = parsed.success ? scoreErrors(parsed.data) : (invalidInput(parsed.error).extras.errors ?? []);
    if (errors.length === 0) good.push({ row, input: parsed.data! });
    else for (const error of errors) summary.errors.push({ row, ...error });
  }
  summary.failed = new Set(summary.errors.map((e) => e.row)).size;
  let done = summary.failed;
  onProgress?.(done, rows.length);
  const connection = await getConnection();
  const bulkLoad = connection.bulkLoad;
  const writeBatch = (inputs: CreateNgoInput[]): Promise<ImportOutcome[]> =>
    bulkLoad ? bulkLoad((bulk) => copyNgoBatch(bulk, inputs, actor)) : runWrite((tx) => upsertNgoBatch(tx, inputs, actor), 120_000);
  const size = batchSize ?? (bulkLoad ? DEFAULT_COPY_IMPORT_BATCH : DEFAULT_IMPORT_BATCH);
  for (let start = 0; start < good.length; start += size) {
    const batch = good.slice(start, start + size);
    try {
      const outcomes = await writeBatch(batch.map((item) => item.input));
      for (const outcome of outcomes) summary[outcome]++;
    } catch {
      // One row the checks could not foresee (a slug another row took a moment ago) must not
      // sink its whole batch: the batch goes again row by row, and only that row fails.
      for (const item of batch) {
        try {
          const [outcome] = await runWrite((tx) => upsertNgoBatch(tx, [item.input], actor));
          summary[outcome!]++;
        } catch (error) {
          summary.failed++;
          summary.errors.push({ row: item.row, name: "row", reason: error instanceof Error && error.name === "ApiError" ? error.message : "could not be written" });
        }
      }
    }
    done += batch.length;
    onProgress?.(done, rows.length);
  }
  summary.errors.sort((a, b) => a.row - b.row);
  return summary;
}

/**
 * The score inputs' own errors (weights that do not add up), found with the fields' rather than
 * when the row is written: named by field, and never the cause of a whole batch going again.
 */
function scoreErrors(input: CreateNgoInput): FieldError[] {
  if (!input.trust_components?.length) return [];
  try {
    scoreFromInputs(input.trust_components, new Date());
    return [];
  } catch (error) {
    if (error instanceof ApiError && error.extras.errors) return error.extras.errors;
    throw error;
  }
}
