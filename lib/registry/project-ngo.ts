import type { z } from "zod";
import type { projectedNgoSchema } from "./response-schemas";
import { canSee, NGO_FIELD_TIERS, TIERS, type NgoField, type Tier } from "@/lib/tiers";
import type { NgoEntry } from "./ngo-record";

/** The public fields always; the others where the tier may see them. */
export type ProjectedNgo = z.infer<typeof projectedNgoSchema>;

const VISIBLE_FIELDS = Object.fromEntries(
  TIERS.map((tier) => [tier, (Object.keys(NGO_FIELD_TIERS) as NgoField[]).filter((f) => canSee(tier, f))]),
) as Record<Tier, NgoField[]>;

/** The entry as the tier may see it: fields above the tier are left out, not blanked. */
export function projectNgo(entry: Partial<NgoEntry>, tier: Tier): ProjectedNgo {
  const projected: Record<string, unknown> = {};
  for (const field of VISIBLE_FIELDS[tier]) {
    if (entry[field] !== undefined) projected[field] = entry[field];
  }
  return projected as ProjectedNgo;
}
