import { searchHref } from "./search-href";

/** "push" or "replace" a history entry, or "none" (back and forward: the URL has changed already). */
type History = "push" | "replace" | "none";

const PAUSE_MS = 250;

/**
 * Live search (the search form, #search): the page for the form's URL is fetched and its
 * [data-swap] containers moved into the ones on screen, so the live region's text changes in
 * place and is announced; then the URL follows (the first pause in typing adds a history entry,
 * later ones refine it; a filter or a submit adds one). Back and forward fetch the view of the
 * URL and refill the form, except the field being typed in. Any failure: a plain navigation.
 */
export function enableLiveSearch(): void {
  const form = document.getElementById("search");
  if (!(form instanceof HTMLFormElement) || !("fetch" in window && "DOMParser" in window && "AbortController" in window)) return;
  let timer = 0;
  let typing = false;
  let pending: AbortController | null = null;
  let pendingHistory: History = "none";

  const fillForm = () => {
    const params = new URLSearchParams(location.search);
    for (const el of Array.from(form.elements) as HTMLInputElement[]) {
      if (!el.name || el === document.activeElement || el.type === "hidden" || el.type === "submit") continue;
      el.value = params.get(el.name) || "";
    }
  };

  // The URL changes when the results for it are on screen, not before, as a navigation would.
  function show(href: string, history: History): void {
    if (pending) {
      pending.abort();
      // The superseded request would have added a history entry: this one adds it instead.
      if (pendingHistory === "push" && history === "replace") history = "push";
    }
    const current = (pending = new AbortController());
    pendingHistory = history;
    fetch(href, { signal: current.signal, headers: { Accept: "text/html" } })
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.text();
      })
      .then((html) => {
        if (current !== pending) return;
        pending = null;
        const next = new DOMParser().parseFromString(html, "text/html");
        document.querySelectorAll("[data-swap]").forEach((el) => {
          const fresh = next.getElementById(el.id);
          if (fresh) el.replaceChildren(...Array.from(fresh.childNodes));
        });
        if (history === "none" || href === location.pathname + location.search) return;
        if (history === "replace") window.history.replaceState(null, "", href);
        else window.history.pushState(null, "", href);
      })
      .catch((error: unknown) => {
        if ((error as Error | null)?.name === "AbortError") return;
        location.assign(href);
      });
  }

  const go = (replace: boolean) => show(searchHref(new FormData(form)), replace ? "replace" : "push");
  const nameOf = (event: Event) => (event.target as HTMLInputElement).name;
  const settle = () => {
    clearTimeout(timer);
    typing = false;
  };

  form.addEventListener("input", (event) => {
    if (nameOf(event) !== "q") return;
    clearTimeout(timer);
    timer = window.setTimeout(() => {
      go(typing);
      typing = true;
    }, PAUSE_MS);
  });
  form.addEventListener("change", (event) => {
    if (nameOf(event) === "q") return;
    settle();
    go(false);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    settle();
    go(false);
  });
  form.addEventListener("focusout", () => {
    typing = false;
  });
  addEventListener("popstate", () => {
    settle();
    fillForm();
    show(location.pathname + location.search, "none");
  });
}
