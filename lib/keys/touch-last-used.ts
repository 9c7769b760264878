import { Prisma, queryRows } from "@/lib/db";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-wide";

/** last_used_at is kept to the minute: a busy key costs one write a minute, not one per request. */
export const LAST_USED_RESOLUTION_MS = 60_000;
const MAX_REMEMBERED = 10_000;

// When this process last wrote (or tried) each key: saves the round trip between writes.
const lastWrites = () => processWide("key-last-touched", () => new Map<string, number>());

/**
 * Records that a key was used, at most once a minute per key. The conditional UPDATE makes that
 * hold across processes too; the in-process map spares the database the attempts in between,
 * failed ones included, so a slow database gets one write a minute per key, not a pile-up.
 * Returns whether it wrote. Never throws: bookkeeping must not fail the request it describes,
 * so the proxy may call it without awaiting.
 */
export async function touchLastUsed(id: string, { now = new Date() }: { now?: Date } = {}): Promise<boolean> {
  const at = now.getTime();
  const lastTouched = lastWrites();
  const previous = lastTouched.get(id);
  if (previous !== undefined && at >= previous && at - previous < LAST_USED_RESOLUTION_MS) return false;
  lastTouched.delete(id);
  if (lastTouched.size >= MAX_REMEMBERED) lastTouched.delete(lastTouched.keys().next().value as string);
  lastTouched.set(id, at);
  try {
    const written = await queryRows<{ id: string }>(Prisma.sql`
      UPDATE api_keys SET last_used_at = ${now}::timestamptz
      WHERE id = ${id}
        AND (last_used_at IS NULL OR last_used_at <= ${new Date(at - LAST_USED_RESOLUTION_MS)}::timestamptz)
      RETURNING id`);
    return written.length > 0;
  } catch (error) {
    log("warn", "could not record an API key's last use", {
      key_id: id,
      error: error instanceof Error ? error.name : "unknown",
    });
    return false;
  }
}
