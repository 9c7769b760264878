// The explorer's view, read from its URL: the API's own query parameters (validated by the same
// schema as GET /api/registry/ngos), plus `trail`, the cursors of the pages before this one, so
// "Previous" works with cursors that only go forward.
import { listQuerySchema, type ListQuery } from "@/lib/registry/schemas";
import type { FieldError } from "@/lib/errors/api-error";
import { isPublicState, PUBLIC_STATES } from "@/lib/tiers";

export const EXPLORER_PARAMS = ["q", "sector", "country", "state", "min_trust_score", "sort"] as const;
export type ExplorerParam = (typeof EXPLORER_PARAMS)[number];

export type ExplorerQuery = {
  /** What the API is asked (page size fixed by the explorer). */
  query: ListQuery;
  /** The filters as typed, to fill the form and build links again. */
  values: Partial<Record<ExplorerParam, string>>;
  cursor: string | undefined;
  /** Cursors of the earlier pages, oldest first. */
  trail: string[];
  errors: FieldError[];
};

export const EXPLORER_PAGE_SIZE = 12;
// A cursor is about 120 characters: a trail this long keeps the URL well under 4 KB.
const MAX_TRAIL = 25;

type SearchParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text.trim() === "" ? undefined : text;
}

/** The view the URL asks for. Bad values are reported in `errors` and left out of the query. */
export function parseExplorerQuery(params: SearchParams): ExplorerQuery {
  const values: ExplorerQuery["values"] = {};
  for (const name of EXPLORER_PARAMS) {
    const value = first(params[name]);
    if (value !== undefined) values[name] = value;
  }
  const cursor = first(params.cursor);
  const trail = (first(params.trail) ?? "").split(".").filter(Boolean).slice(-MAX_TRAIL);
  const parsed = listQuerySchema.safeParse({ ...values, cursor, limit: String(EXPLORER_PAGE_SIZE) });
  // The pages are the public tier: asking for a hidden state is a bad parameter, as in the API.
  const hidden = parsed.success ? (parsed.data.state ?? []).filter((s) => !isPublicState(s)) : [];
  if (parsed.success && hidden.length === 0) return { query: parsed.data, values, cursor, trail, errors: [] };

  const errors = parsed.success
    ? [{ name: "state", reason: `must be one or more of ${PUBLIC_STATES.join(", ")}` }]
    : parsed.error.issues.map((issue) => ({ name: String(issue.path[0] ?? "query"), reason: issue.message }));
  const bad = new Set(errors.map((e) => e.name));
  const kept = Object.fromEntries(Object.entries(values).filter(([name]) => !bad.has(name)));
  const retry = listQuerySchema.safeParse({ ...kept, limit: String(EXPLORER_PAGE_SIZE) });
  return { query: retry.success ? retry.data : { limit: EXPLORER_PAGE_SIZE }, values, cursor: undefined, trail: [], errors };
}
