import type { SitemapUrl } from "./sitemap-files";

const XMLNS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

const loc = (origin: string, path: string) => `<loc>${escapeXml(`${origin}${path}`)}</loc>`;

/** A sitemap index (the sitemap protocol's <sitemapindex>) listing the files at these paths. */
export function sitemapIndexXml(origin: string, paths: readonly string[]): string {
  const files = paths.map((path) => `<sitemap>${loc(origin, path)}</sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${XMLNS}">\n${files.join("\n")}\n</sitemapindex>\n`;
}

/** One sitemap file (<urlset>) of these pages. */
export function urlsetXml(origin: string, urls: readonly SitemapUrl[]): string {
  const lines = urls.map(({ path, lastModified }) => `<url>${loc(origin, path)}${lastModified ? `<lastmod>${lastModified}</lastmod>` : ""}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${XMLNS}">\n${lines.join("\n")}\n</urlset>\n`;
}

/** The answer for a sitemap document: XML, cached briefly by crawlers and CDNs. */
export function xmlResponse(body: string): Response {
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" } });
}
