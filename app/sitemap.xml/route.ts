// GET /sitemap.xml — a sitemap index: the explorer's pages, then every public entry in files of at
// most 50,000 URLs (lib/explorer/sitemap-files.ts). Nothing hidden is ever listed.
import { headers } from "next/headers";
import { countSitemapFiles } from "@/lib/explorer/sitemap-files";
import { sitemapIndexXml, xmlResponse } from "@/lib/explorer/sitemap-xml";
import { requestOrigin } from "@/lib/explorer/request-origin";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const origin = requestOrigin(await headers());
  const files = await countSitemapFiles();
  const paths = ["/sitemaps/pages.xml", ...Array.from({ length: files }, (_, i) => `/sitemaps/ngos-${i + 1}.xml`)];
  return xmlResponse(sitemapIndexXml(origin, paths));
}
