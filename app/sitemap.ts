// /sitemap.xml — the explorer's pages and every public entry; nothing hidden is ever listed.
import type { MetadataRoute } from "next";
import { headers } from "next/headers";
import { listPublicSlugs } from "@/lib/explorer/list-public-slugs";
import { requestOrigin } from "@/lib/explorer/request-origin";

export const dynamic = "force-dynamic";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const origin = requestOrigin(await headers());
  const entries = await listPublicSlugs();
  return [
    { url: `${origin}/`, changeFrequency: "daily", priority: 1 },
    { url: `${origin}/stats`, changeFrequency: "daily" },
    { url: `${origin}/docs`, changeFrequency: "monthly" },
    ...entries.map((e) => ({ url: `${origin}/ngos/${e.slug}`, lastModified: e.updated_at, changeFrequency: "weekly" as const })),
  ];
}
