import type { Prisma } from "@/lib/db";
import type { Actor } from "./actor";
import { applyNgoUpdate } from "./apply-ngo-update";
import { insertNgos } from "./insert-ngo";
import { lockNgosByKeys, type LockedNgo } from "./locked-ngo";
import type { CreateNgoInput } from "./schemas";

export type ImportOutcome = "created" | "updated" | "unchanged";

/** The key a row of an import upserts by: its slug, else its country and registration number. */
export function importKey(input: CreateNgoInput): string | null {
  return input.slug ? `slug:${input.slug}` : input.registration_number ? `reg:${input.country}:${input.registration_number}` : null;
}

/**
 * Upserts a batch in a handful of statements: one locked read of every entry the batch may
 * update, the updates of those that really change, one bulk insert of the new ones. A row whose
 * key repeats one still being created in this batch waits for a second pass, which finds it.
 */
export async function upsertNgoBatch(tx: Prisma.TransactionClient, inputs: readonly CreateNgoInput[], actor: Actor): Promise<ImportOutcome[]> {
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
  const outcomes: ImportOutcome[] = [];
  const creating = new Set<string>();
  const toCreate: { index: number; input: CreateNgoInput }[] = [];
  const later: { index: number; input: CreateNgoInput }[] = [];
  for (const [index, input] of inputs.entries()) {
    const key = importKey(input);
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
  for (const { index, input } of later) outcomes[index] = (await upsertNgoBatch(tx, [input], actor))[0]!;
  return outcomes;
}

function pickProfile(input: CreateNgoInput): Partial<LockedNgo> {
  const profile: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) if (value !== undefined && name !== "trust_components") profile[name] = value;
  return profile as Partial<LockedNgo>;
}
