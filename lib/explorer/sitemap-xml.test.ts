import { describe, expect, it } from "vitest";
import { sitemapIndexXml, urlsetXml } from "./sitemap-xml";

describe("sitemap XML", () => {
  it("writes an index of absolute file addresses", () => {
    expect(sitemapIndexXml("https://registry.example", ["/sitemaps/pages.xml", "/sitemaps/ngos-1.xml"])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        "<sitemap><loc>https://registry.example/sitemaps/pages.xml</loc></sitemap>\n" +
        "<sitemap><loc>https://registry.example/sitemaps/ngos-1.xml</loc></sitemap>\n</sitemapindex>\n",
    );
  });

  it("escapes what XML would read as markup, and gives a last change only where there is one", () => {
    const xml = urlsetXml("https://a.example", [{ path: "/?q=<x>&y='z\"" }, { path: "/ngos/a", lastModified: "2026-01-02T03:04:05.006Z" }]);
    expect(xml).toContain("<url><loc>https://a.example/?q=&lt;x&gt;&amp;y=&apos;z&quot;</loc></url>");
    expect(xml).toContain("<url><loc>https://a.example/ngos/a</loc><lastmod>2026-01-02T03:04:05.006Z</lastmod></url>");
  });
});
