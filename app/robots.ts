// /robots.txt — crawl the explorer's pages; the API is for programs with a quota, and the embed
// is for NGO sites.
import type { MetadataRoute } from "next";
import { headers } from "next/headers";
import { requestOrigin } from "@/lib/explorer/request-origin";

export const dynamic = "force-dynamic";

export default async function robots(): Promise<MetadataRoute.Robots> {
  const origin = requestOrigin(await headers());
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/api/", "/public/api/", "/embed/"] },
    sitemap: `${origin}/sitemap.xml`,
  };
}
