import type { ExplorerParam } from "./parse-explorer-query";

/** A link to the explorer with these filters and page position; empty values are left out. */
export function explorerHref(
  values: Partial<Record<ExplorerParam, string>>,
  page: { cursor?: string; trail?: string[] } = {},
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) params.set(name, value);
  if (page.cursor) params.set("cursor", page.cursor);
  if (page.trail?.length) params.set("trail", page.trail.join("."));
  const query = params.toString();
  return query ? `/?${query}` : "/";
}
