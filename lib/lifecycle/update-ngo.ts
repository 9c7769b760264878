import { invalidInput } from "@/lib/errors/invalid-input";
import { getNgoOrThrow } from "@/lib/registry/get-ngo";
import { applyNgoUpdate } from "./apply-ngo-update";
import type { WrittenNgo } from "./create-ngo";
import { assertIfMatch, ngoEtag } from "./etag";
import { lockNgo } from "./locked-ngo";
import { runWrite } from "./run-write";
import { updateNgoSchema } from "./schemas";

/**
 * Changes an entry's profile and score inputs (PATCH /api/v1/ngos/{slug}, `ngos update`). With
 * If-Match, only if the entry is still at that version (412 otherwise).
 */
export async function updateNgo(slug: string, body: unknown, { ifMatch }: { ifMatch?: string | null } = {}): Promise<WrittenNgo> {
  const parsed = updateNgoSchema.safeParse(body);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { version } = await runWrite(async (tx) => {
    const current = await lockNgo(tx, { slug });
    assertIfMatch(ifMatch, current.version);
    return applyNgoUpdate(tx, current, parsed.data);
  });
  return { ngo: await getNgoOrThrow(slug, "operator"), etag: ngoEtag(version) };
}
