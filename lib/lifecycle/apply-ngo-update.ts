import type { Prisma } from "@/lib/db";
import { recordEvents } from "@/lib/events/record-event";
import type { LockedNgo } from "./locked-ngo";
import { ngoChanges, PROFILE_FIELDS, updateEvents, type ProfileField } from "./ngo-changes";
import type { UpdateNgoInput } from "./schemas";
import { writeScore } from "./write-score";

export type UpdateOutcome = { version: number; changed: string[]; scoreChanged: boolean };

/**
 * Applies validated changes to a locked entry in the caller's transaction. Only fields whose value
 * really changes count: they bump the version and go into one ngo.updated event. New score inputs
 * are recomputed with the current methodology, and ngo.trust_score_changed is written only when
 * the score itself moves. Nothing changed: nothing written, not even the version.
 */
export async function applyNgoUpdate(
  tx: Prisma.TransactionClient,
  current: LockedNgo,
  input: UpdateNgoInput,
  now = new Date(),
): Promise<UpdateOutcome> {
  const stored = input.trust_components
    ? (await tx.trustScoreComponent.findMany({ where: { ngoId: current.id } })).map((c) => ({ ...c, evidence_date: c.evidenceDate.toISOString().slice(0, 10) }))
    : [];
  const changes = ngoChanges(current, input, stored, now);
  const { profile, changed, score } = changes;
  if (changed.length === 0) return { version: current.version, changed, scoreChanged: false };

  const data: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(profile)) data[PROFILE_FIELDS[field as ProfileField]] = value;
  const version = current.version + 1;
  await tx.ngo.update({ where: { id: current.id }, data: { ...data, version, updatedAt: now } });
  if (score) await writeScore(tx, current.id, score);
  await recordEvents(tx, updateEvents(current, changes));
  return { version, changed, scoreChanged: score !== null && score.score !== current.trust_score };
}
