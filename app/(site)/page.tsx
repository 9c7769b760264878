// / — search and browse the registry: the public tier, through the same domain functions as
// GET /api/registry/ngos, rendered on the server (the URL is the whole state of the view).
import type { Metadata } from "next";
import { NgoCard } from "@/components/explorer/ngo-card";
import { SearchForm } from "@/components/explorer/search-form";
import { ApiError } from "@/lib/errors/api-error";
import { explorerHref } from "@/lib/explorer/explorer-href";
import { parseExplorerQuery } from "@/lib/explorer/parse-explorer-query";
import { getRegistryStats } from "@/lib/registry/get-registry-stats";
import { listNgos, type NgoPage } from "@/lib/registry/list-ngos";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { absolute: "Trust Registry — find and check NGOs" },
  description: "Search the public registry of NGOs by name, city, sector, country, state and trust score.",
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ExplorerPage({ searchParams }: Props) {
  const view = parseExplorerQuery(await searchParams);
  const [everything, matching] = await Promise.all([
    getRegistryStats({}, "public"),
    getRegistryStats(view.query, "public"),
  ]);
  let page: NgoPage | undefined;
  let problem: string | undefined;
  try {
    page = await listNgos(view.query, "public");
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    problem = error.extras.errors?.some((e) => e.name === "cursor")
      ? "This page link no longer matches the search (the filters changed, or the link is old). Start again from the first page."
      : error.detail;
  }
  const filtered = Object.keys(view.values).length > 0;
  const trailBack = view.trail.at(-1);

  return (
    <>
      <h1>Find an NGO you can trust</h1>
      <p className="lead">
        {everything.total.toLocaleString("en")} organisations on the public register, each with a trust score and the reasons behind it.
      </p>
      <SearchForm values={view.values} countries={everything.by_country.map((c) => c.country)} />

      {view.errors.length > 0 && (
        <div className="notice bad" role="alert">
          <h2>Some of the search could not be used</h2>
          <ul>
            {view.errors.map((e) => (
              <li key={e.name}>
                <strong>{e.name}</strong> {e.reason}; it was left out.
              </li>
            ))}
          </ul>
        </div>
      )}
      {problem && (
        <div className="notice bad" role="alert">
          <h2>That page cannot be shown</h2>
          <p>{problem}</p>
          <p>
            <a href={explorerHref(view.values)}>Back to the first page</a>
          </p>
        </div>
      )}

      <p className="result-count" aria-live="polite">
        {matching.total === 0
          ? "No entries match."
          : `${matching.total.toLocaleString("en")} ${matching.total === 1 ? "entry matches" : "entries match"}${filtered ? " this search" : ""}.`}
      </p>

      {page && page.data.length === 0 && !problem && (
        <div className="notice">
          <h2>Nothing found</h2>
          <p>
            No public entry matches {view.values.q ? <>“{view.values.q}”</> : "these filters"}. Try fewer words, the start of a word
            (“educ” finds “education”), or remove a filter. Only verified, suspended and revoked entries are public.
          </p>
          {filtered && <a href="/">Clear the search</a>}
        </div>
      )}

      {page && page.data.length > 0 && (
        <section aria-label="Results">
          <ul className="cards">
            {page.data.map((ngo) => (
              <NgoCard key={ngo.slug} ngo={ngo} />
            ))}
          </ul>
          <nav className="pager" aria-label="Pages">
            {view.cursor ? (
              <a
                className="button secondary"
                rel="prev"
                href={explorerHref(view.values, { cursor: trailBack, trail: view.trail.slice(0, -1) })}
              >
                ← Previous page
              </a>
            ) : (
              <span />
            )}
            {page.next_cursor && (
              <a
                className="button"
                rel="next"
                href={explorerHref(view.values, {
                  cursor: page.next_cursor,
                  trail: view.cursor ? [...view.trail, view.cursor] : [],
                })}
              >
                Next page →
              </a>
            )}
          </nav>
        </section>
      )}
    </>
  );
}
