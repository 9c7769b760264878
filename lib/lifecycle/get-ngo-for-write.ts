import { getPrisma } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { getNgoOrThrow } from "@/lib/registry/get-ngo";
import type { WrittenNgo } from "./create-ngo";
import { ngoEtag } from "./etag";

/** An entry in any state, as operators see it, with the ETag a conditional write sends back in If-Match. */
export async function getNgoForWrite(slug: string): Promise<WrittenNgo> {
  const prisma = await getPrisma();
  const row = await prisma.ngo.findUnique({ where: { slug }, select: { version: true } });
  if (!row) throw new ApiError("not_found", `No registry entry has the slug '${slug}'.`);
  return { ngo: await getNgoOrThrow(slug, "operator"), etag: ngoEtag(row.version) };
}
