import type { Prisma } from "@/lib/db";
import type { FieldError } from "@/lib/errors/api-error";
import { invalidInput } from "@/lib/errors/invalid-input";
import type { Actor } from "./actor";
import { applyNgoUpdate } from "./apply-ngo-update";
import { insertNgos } from "./insert-ngo";
import { lockNgosByKeys, type LockedNgo } from "./locked-ngo";
import type { ImportRow } from "./read-import-rows";
import { runWrite } from "./run-write";
import { createNgoSchema, type CreateNgoInput } from "./schemas";

export type ImportError = { row: number } & FieldError;
export type ImportSummary = { rows: number; created: number; updated: number; unchanged: number; failed: number; errors: ImportError[] };
export type ImportProgress = (done: number, total: number) => void;

export const DEFAULT_IMPORT_BATCH = 1000;

/**
 * Imports registry entries: every row is validated first (row-numbered errors, nothing written
 * for a bad row), then the good rows go in batches, one transaction each. A row upserts: by its
 * slug when it has one, else by country and registration number; an existing entry gets only
 * the fields that differ, so importing the same file again changes nothing and writes no event.
 */
export async function importNgos(
  rows: readonly ImportRow[],
  actor: Actor,
  { batchSize = DEFAULT_IMPORT_BATCH, onProgress }: { batchSize?: number; onProgress?: ImportProgress } = {},
): Promise<ImportSummary> {
  const summary: ImportSummary = { rows: rows.length, created: 0, updated: 0, unchanged: 0, failed: 0, errors: [] };
  const good: { row: number; input: CreateNgoInput }[] = [];
  for (const { row, fields } of rows) {
    const parsed = createNgoSchema.safeParse(fields);
    if (parsed.success) good.push({ row, input: parsed.data });
    else for (const error of invalidInput(parsed.error).extras.errors ?? []) summary.errors.push({ row, ...error });
  }
  summary.failed = new Set(summary.errors.map((e) => e.row)).size;
  let done = summary.failed;
  onProgress?.(done, rows.length);
  for (let start = 0; start < good.length; start += batchSize) {
    const batch = good.slice(start, start + batchSize);
    try {
      const outcomes = await runWrite((tx) => upsertBatch(tx, batch.map((item) => item.input), actor), 120_000);
      for (const outcome of outcomes) summary[outcome]++;
    } catch {
      // One row the checks could not foresee (a slug another row took a moment ago) must not
      // sink its whole batch: the batch goes again row by row, and only that row fails.
      for (const item of batch) {
        try {
          const [outcome] = await runWrite((tx) => upsertBatch(tx, [item.input], actor));
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

type Outcome = "created" | "updated" | "unchanged";

/**
 * Upserts a batch in a handful of statements: one locked read of every entry the batch may
 * update, the updates of those that really change, one bulk insert of the new ones. A row whose
 * key repeats one still being created in this batch waits for a second pass, which finds it.
 */
async function upsertBatch(tx: Prisma.TransactionClient, inputs: readonly CreateNgoInput[], actor: Actor): Promise<Outcome[]> {
  const keyOf = (input: CreateNgoInput) =>
    input.slug ? `slug:${input.slug}` : input.registration_number ? `reg:${input.country}:${input.registration_number}` : null;
  const existing = await lockNgosByKeys(
    tx,
    inputs.flatMap((i) => (i.slug ? [i.slug] : [])),
    inputs.flatMap((i) => (!i.slug && i.registration_number ? [{ country: i.country, registration_number: i.registration_number }] : [])),
  );
  const found = new Map<string, LockedNgo>();
  for (const row of existing) {
    found.set(`slug:${row.slug}`, row);
    if (row.registration_number) found.set(`reg:${row.country}:${row.registration_number}`, row);
  }
  const outcomes: Outcome[] = [];
  const creating = new Set<string>();
  const toCreate: { index: number; input: CreateNgoInput }[] = [];
  const later: { index: number; input: CreateNgoInput }[] = [];
  for (const [index, input] of inputs.entries()) {
    const key = keyOf(input);
    const current = key ? found.get(key) : undefined;
    if (current) {
      // The slug only finds the entry: applyNgoUpdate reads the profile fields and score inputs.
      const { changed, version } = await applyNgoUpdate(tx, current, input);
      if (changed.length) found.set(key!, { ...current, ...pickProfile(input), version } as LockedNgo);
      outcomes[index] = changed.length ? "updated" : "unchanged";
    } else if (key && creating.has(key)) {
      later.push({ index, input });
    } else {
      if (key) creating.add(key);
      toCreate.push({ index, input });
    }
  }
  await insertNgos(tx, toCreate.map((c) => c.input), actor);
  for (const { index } of toCreate) outcomes[index] = "created";
  for (const { index, input } of later) outcomes[index] = (await upsertBatch(tx, [input], actor))[0]!;
  return outcomes;
}

function pickProfile(input: CreateNgoInput): Partial<LockedNgo> {
  const profile: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) if (value !== undefined && name !== "trust_components") profile[name] = value;
  return profile as Partial<LockedNgo>;
}
