// Reads the sitemap as a crawler does: the index at /sitemap.xml, then every file it lists.

export type SitemapFile = { path: string; status: number; type: string | null; urls: string[] };

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);

export async function readSitemap(baseUrl: string): Promise<{ index: string; files: SitemapFile[]; urls: string[] }> {
  const index = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const files: SitemapFile[] = [];
  for (const loc of locs(index)) {
    const path = new URL(loc).pathname;
    const response = await fetch(`${baseUrl}${path}`);
    files.push({ path, status: response.status, type: response.headers.get("content-type"), urls: locs(await response.text()) });
  }
  return { index, files, urls: files.flatMap((file) => file.urls) };
}
