// The search page's content: the form, then the parts that change with the search. Each of those
// is a [data-swap] container with an id, present even when empty: /explorer.js fetches
// the page for a new URL and moves each container's new content into the one on screen.
import { explorerHref } from "@/lib/explorer/explorer-href";
import type { ExplorerView as View } from "@/lib/explorer/load-explorer-view";
import { NgoCard } from "./ngo-card";
import { SearchForm } from "./search-form";

export function ExplorerView({ view }: { view: View }) {
  const filtered = Object.keys(view.values).length > 0;
  const trailBack = view.trail.at(-1);
  const { page, problem } = view;
  return (
    <>
      <h1>Find an NGO you can trust</h1>
      <p className="lead">{view.total.toLocaleString("en")} organisations on the public register, each with a trust score and the reasons behind it.</p>
      <SearchForm values={view.values} countries={view.countries} />

      <div id="explorer-notices" data-swap="">
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
      </div>

      <p id="result-count" className="result-count" aria-live="polite" data-swap="">
        {view.matching === 0
          ? "No entries match."
          : `${view.matching.toLocaleString("en")} ${view.matching === 1 ? "entry matches" : "entries match"}${filtered ? " this search" : ""}.`}
      </p>

      <div id="explorer-results" data-swap="">
        {page && page.data.length === 0 && !problem && (
          <div className="notice">
            <h2>Nothing found</h2>
            <p>
              No public entry matches {view.values.q ? <>“{view.values.q}”</> : "these filters"}. Try fewer words, the start of a word (“educ” finds
              “education”), or remove a filter. Only verified, suspended and revoked entries are public.
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
                <a className="button secondary" rel="prev" href={explorerHref(view.values, { cursor: trailBack, trail: view.trail.slice(0, -1) })}>
                  ← Previous page
                </a>
              ) : (
                <span />
              )}
              {page.next_cursor && (
                <a
                  className="button"
                  rel="next"
                  href={explorerHref(view.values, { cursor: page.next_cursor, trail: view.cursor ? [...view.trail, view.cursor] : [] })}
                >
                  Next page →
                </a>
              )}
            </nav>
          </section>
        )}
      </div>
    </>
  );
}
