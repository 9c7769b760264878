import { Prisma } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import type { RegistryFilters } from "./schemas";
import { searchVector } from "./search-vector";
import { visibleStates, type Tier } from "@/lib/tiers";

/**
 * The WHERE clause shared by lists and statistics: the caller's filters, always inside the
 * states the tier may see. With `q`, it expects a `search` relation holding the tsquery, and
 * matches it against the fields the tier may see, never the others.
 */
export function registryWhere(filters: RegistryFilters, tier: Tier): Prisma.Sql {
  const allowed = visibleStates(tier);
  const hidden = filters.state?.filter((s) => !allowed.includes(s)) ?? [];
  if (hidden.length) {
    throw ApiError.invalid([{ name: "state", reason: `${hidden.join(", ")} is not visible to the ${tier} tier` }]);
  }
  const conditions = [oneOf(Prisma.sql`n.state`, filters.state ?? [...allowed], Prisma.sql`ngo_state`)];
  if (filters.sector) conditions.push(oneOf(Prisma.sql`n.sector_id`, filters.sector, Prisma.sql`bpchar`));
  // country is char(2): compared as text, its indexes could not be used.
  if (filters.country) conditions.push(oneOf(Prisma.sql`n.country`, filters.country, Prisma.sql`bpchar`));
  if (filters.min_trust_score !== undefined) conditions.push(Prisma.sql`n.trust_score >= ${filters.min_trust_score}::int`);
  if (filters.q !== undefined) conditions.push(Prisma.sql`${searchVector(tier)} @@ search.query`);
  return Prisma.join(conditions, " AND ");
}

/**
 * `column` is one of `values`. One value is an equality, not `= ANY(…)`: PostgreSQL (before 17)
 * reads an index in order only for an equality, so `country = 'KE' ORDER BY trust_score` walks
 * the (country, trust_score, id) index and stops at the page's end, where `= ANY('{KE}')` would
 * fetch every entry of the country and sort them.
 */
function oneOf(column: Prisma.Sql, values: readonly string[], type: Prisma.Sql): Prisma.Sql {
  return values.length === 1 ? Prisma.sql`${column} = ${values[0]}::${type}` : Prisma.sql`${column} = ANY(${values}::${type}[])`;
}

/**
 * The search relation for `q`: every word of the query must match the start of a word of the
 * entry (so "educ" finds "education"), after the same fold to lower case without accents that
 * the search vectors went through.
 */
export function searchRelation(q: string | undefined): Prisma.Sql {
  if (q === undefined) return Prisma.empty;
  const words = (q.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  const tsquery = words.map((word) => `'${word}':*`).join(" & ");
  return Prisma.sql`, (SELECT to_tsquery('simple', registry_fold(${tsquery}::text)) AS query) AS search`;
}
