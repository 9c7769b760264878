import { invalidInput } from "@/lib/errors/invalid-input";
import { getNgoOrThrow } from "@/lib/registry/get-ngo";
import type { ProjectedNgo } from "@/lib/registry/project-ngo";
import type { Actor } from "./actor";
import { ngoEtag } from "./etag";
import { insertNgo } from "./insert-ngo";
import { runWrite } from "./run-write";
import { createNgoSchema } from "./schemas";

export type WrittenNgo = { ngo: ProjectedNgo; etag: string };

/** Creates a draft entry (POST /api/v1/ngos, `ngos create`); 400 naming each bad field. */
export async function createNgo(body: unknown, actor: Actor): Promise<WrittenNgo> {
  const parsed = createNgoSchema.safeParse(body);
  if (!parsed.success) throw invalidInput(parsed.error);
  const inserted = await runWrite((tx) => insertNgo(tx, parsed.data, actor));
  return { ngo: await getNgoOrThrow(inserted.slug, "operator"), etag: ngoEtag(inserted.version) };
}
