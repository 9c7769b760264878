import { parseQuery } from "@/lib/http/parse-query";
import { listQuerySchema, type ListQuery, type SortParam } from "@/lib/registry/schemas";

/** The arguments the registry's list fields take (null where a client passed null). */
export type RegistryArgs = {
  sector?: string | null;
  state?: readonly string[] | null;
  country?: string | null;
  search?: string | null;
  min_trust_score?: number | null;
  sort?: SortParam | null;
  limit?: number | null;
  after?: string | null;
};

/** GraphQL argument names that differ from the REST parameters they stand for. */
export const REST_PARAMETER_ARGUMENTS: Record<string, string> = { q: "search", cursor: "after" };

/**
 * The arguments as the REST list query they mean, validated by the very schema that validates
 * REST requests: one set of rules (limit 1–100, sector list, country codes, search text) and
 * the same error for the same mistake on both surfaces.
 */
export function toListQuery(args: RegistryArgs): ListQuery {
  const params = new URLSearchParams();
  const set = (name: string, value: string | number | readonly string[] | null | undefined) => {
    if (value !== undefined && value !== null) params.set(name, Array.isArray(value) ? value.join(",") : String(value));
  };
  set("sector", args.sector);
  set("state", args.state);
  set("country", args.country);
  set("q", args.search);
  set("min_trust_score", args.min_trust_score);
  set("sort", args.sort);
  set("limit", args.limit);
  set("cursor", args.after);
  return parseQuery(params, listQuerySchema);
}
