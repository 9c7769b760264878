// What the search page `/` shows for its URL: the public tier, through the same domain functions
// as GET /api/registry/ngos. Plain JSON (no undefined, no Date), as the page's props travel.
import { ApiError, type FieldError } from "@/lib/errors/api-error";
import { getRegistryStats } from "@/lib/registry/get-registry-stats";
import { listNgos } from "@/lib/registry/list-ngos";
import type { ProjectedNgo } from "@/lib/registry/project-ngo";
import { parseExplorerQuery, type ExplorerParam } from "./parse-explorer-query";

export type ExplorerView = {
  values: Partial<Record<ExplorerParam, string>>;
  cursor: string | null;
  trail: string[];
  /** Parameters that could not be used, and were left out. */
  errors: FieldError[];
  /** Public entries in the whole registry, and the countries they are in. */
  total: number;
  countries: string[];
  /** Entries matching the filters, on every page. */
  matching: number;
  page: { data: ProjectedNgo[]; next_cursor: string | null } | null;
  /** Why the page cannot be shown (a stale cursor), in words. */
  problem: string | null;
};

export async function loadExplorerView(params: Record<string, string | string[] | undefined>): Promise<ExplorerView> {
  const view = parseExplorerQuery(params);
  const [everything, matching, listed] = await Promise.all([
    getRegistryStats({}, "public"),
    getRegistryStats(view.query, "public"),
    listNgos(view.query, "public").then(
      (page) => ({ page, problem: null }),
      (error: unknown) => {
        if (!(error instanceof ApiError) || error.status !== 400) throw error;
        const problem = error.extras.errors?.some((e) => e.name === "cursor")
          ? "This page link no longer matches the search (the filters changed, or the link is old). Start again from the first page."
          : error.detail;
        return { page: null, problem };
      },
    ),
  ]);
  return {
    values: view.values,
    cursor: view.cursor ?? null,
    trail: view.trail,
    errors: view.errors,
    total: everything.total,
    countries: everything.by_country.map((c) => c.country),
    matching: matching.total,
    page: listed.page && { data: listed.page.data, next_cursor: listed.page.next_cursor },
    problem: listed.problem,
  };
}
