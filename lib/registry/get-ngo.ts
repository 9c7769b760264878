import { Prisma, queryRows } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { ngoColumns, type NgoRow } from "./ngo-record";
import type { ProjectedNgo } from "./project-ngo";
import { projectNgoRows } from "./project-ngo-rows";
import { visibleStates, type Tier } from "@/lib/tiers";

/**
 * One entry by slug, as the tier may see it. An entry in a state the tier may not see is
 * answered exactly like a missing one, so its existence does not leak.
 */
export async function getNgoOrThrow(slug: string, tier: Tier): Promise<ProjectedNgo> {
  const [row] = await queryRows<NgoRow>(Prisma.sql`
    SELECT ${ngoColumns(tier)} FROM ngos n
    WHERE n.slug = ${slug} AND n.state = ANY(${[...visibleStates(tier)]}::ngo_state[])`);
  if (!row) throw new ApiError("not_found", `No registry entry has the slug '${slug}'.`);
  const [entry] = await projectNgoRows([row], tier);
  return entry!;
}
