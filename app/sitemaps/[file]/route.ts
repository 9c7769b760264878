// GET /sitemaps/pages.xml and /sitemaps/ngos-{n}.xml — the files /sitemap.xml lists.
import { headers } from "next/headers";
import { EXPLORER_PAGES, readSitemapFile } from "@/lib/explorer/sitemap-files";
import { urlsetXml, xmlResponse } from "@/lib/explorer/sitemap-xml";
import { requestOrigin } from "@/lib/explorer/request-origin";

export const dynamic = "force-dynamic";

const ENTRIES_FILE = /^ngos-([1-9][0-9]{0,5})\.xml$/;

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params;
  const origin = requestOrigin(await headers());
  if (file === "pages.xml") return xmlResponse(urlsetXml(origin, EXPLORER_PAGES));
  const number = ENTRIES_FILE.exec(file)?.[1];
  const urls = number ? await readSitemapFile(Number(number)) : null;
  if (!urls) return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return xmlResponse(urlsetXml(origin, urls));
}
