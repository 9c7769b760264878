import { Prisma, queryRows } from "@/lib/db";
import { utcText } from "@/lib/registry/ngo-record";
import { PUBLIC_STATES } from "@/lib/tiers";

// The sitemap protocol's limit for one file.
const SITEMAP_LIMIT = 50_000;

/** Every entry the public may see, for the sitemap: slug and last change. Nothing hidden. */
export async function listPublicSlugs(): Promise<{ slug: string; updated_at: string }[]> {
  return queryRows<{ slug: string; updated_at: string }>(Prisma.sql`
    SELECT n.slug, ${utcText(Prisma.sql`n.updated_at`)} AS updated_at FROM ngos n
    WHERE n.state = ANY(${[...PUBLIC_STATES]}::ngo_state[])
    ORDER BY n.trust_score DESC, n.id LIMIT ${SITEMAP_LIMIT}::int`);
}
