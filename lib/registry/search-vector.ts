import { Prisma } from "@/lib/db";
import { searchableFields, type SearchableField, type Tier } from "@/lib/tiers";

// The tsvector columns the search trigger keeps (migration 20261124000000_search_by_tier), each
// with a GIN index, and the fields each holds. One vector per tier's field set rather than one
// vector with weight-restricted queries: ts_rank counts matches of every weight, so a hidden
// field would still move entries up the order.
const SEARCH_VECTORS: readonly { column: string; fields: readonly SearchableField[] }[] = [
  { column: "public_search_vector", fields: ["name", "city", "description"] },
  { column: "full_search_vector", fields: ["name", "legal_name", "registration_number", "city", "description"] },
];

/**
 * The column the tier's search matches and ranks on: the vector holding exactly the fields the
 * tier may search (lib/tiers.ts). Changing what a tier may see needs a vector to match.
 */
export function searchVector(tier: Tier): Prisma.Sql {
  const fields = searchableFields(tier);
  const vector = SEARCH_VECTORS.find((v) => v.fields.length === fields.length && v.fields.every((f) => fields.includes(f)));
  if (!vector) throw new Error(`No search vector holds exactly ${fields.join(", ")}, the fields the ${tier} tier may search`);
  return Prisma.raw(`n.${vector.column}`);
}
