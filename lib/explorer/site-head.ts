// The site's head metadata, one source for both routers: app/layout.tsx's metadata (the App
// Router's pages) and components/explorer/page-head.tsx (the Pages Router's).

export const SITE_NAME = "Trust Registry";

export const SITE_DESCRIPTION = "A public trust registry of NGOs: who they are, how they are verified, and why they are trusted.";

/** What the 404 page says in its head, whichever router answers it. */
export const NOT_FOUND_HEAD = { title: "Not found", description: "There is no public entry or page at this address." };

/** A page's title with the site's name after it. */
export function siteTitle(title: string): string {
  return `${title} · ${SITE_NAME}`;
}
