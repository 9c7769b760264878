import { memoizeWithTtl } from "@/lib/cache/memoize-with-ttl";
import { config } from "@/lib/config";
import { Prisma, queryRows } from "@/lib/db";
import { utcText } from "@/lib/registry/ngo-record";
import { PUBLIC_STATES } from "@/lib/tiers";

/** The sitemap protocol's limit for one file. */
export const SITEMAP_URL_LIMIT = 50_000;
/** How long the cut stays (per process): entries created since go to the last file meanwhile. */
const CUT_TTL_MS = 10 * 60_000;

/** Where a file of entries starts, in creation order (created_at, id: neither ever changes). */
export type FileStart = { createdAt: string; id: string };
export type SitemapUrl = { path: string; lastModified?: string };

/**
 * Written out, not bound, as the predicate of the index of public entries in creation order
 * (migration 20261127040000_sitemap_public_order): the planner uses a partial index only for a
 * condition it can see implies the index's, and a bound parameter may be planned without its value.
 */
const isPublic = Prisma.raw(`n.state IN (${PUBLIC_STATES.map((state) => `'${state}'`).join(", ")})`);

/**
 * The first entry of every sitemap file: every SITEMAP_FILE_SIZE-th (40,000th) public entry in
 * creation order; the rest of the protocol's 50,000 is room for entries that become public inside
 * a file's range (an older draft verified) before the next cut. One pass over the index of public
 * entries in creation order, remembered for ten minutes, so a file is then one range read: a crawler fetching 50
 * files costs 50 small reads and one pass, not 50 passes.
 */
async function cutFiles(): Promise<FileStart[]> {
  return queryRows<FileStart>(cutStatement());
}

// A new generation is a new cut before the old one expires.
let generation = 0;
const fileStarts = memoizeWithTtl(cutFiles, { ttlMs: CUT_TTL_MS, maxEntries: 2, key: () => String(generation) });

/** Where a file is cut again: a quarter over its size (50,000 at the default 40,000: the protocol's limit). */
const growthLimit = () => Math.min(SITEMAP_URL_LIMIT, Math.ceil(config().sitemapFileSize * 1.25));

/**
 * The public entries of file `index` (0-based): from its start to the next file's. The first file
 * has no lower bound and the last no upper one, so an entry older than the cut's first, or newer
 * than it, has a file too.
 */
const fileRange = (starts: readonly FileStart[], index: number) => {
  const from = index === 0 ? undefined : starts[index];
  const to = starts[index + 1];
  const conditions = [isPublic];
  if (from) conditions.push(Prisma.sql`(n.created_at, n.id) >= (${from.createdAt}::timestamptz, ${from.id}::text)`);
  if (to) conditions.push(Prisma.sql`(n.created_at, n.id) < (${to.createdAt}::timestamptz, ${to.id}::text)`);
  return Prisma.join(conditions, " AND ");
};

/**
 * How many files of entries the sitemap index lists (at least one). The entries created since the
 * cut go to the last file: when they have grown it past its limit, the files are cut again, so
 * the index always reaches every public entry.
 */
export async function countSitemapFiles(): Promise<number> {
  let starts = await fileStarts();
  const limit = growthLimit();
  const [tail] = await queryRows<{ count: number }>(lastFileCountStatement(starts, limit));
  if (tail!.count > limit) {
    generation++;
    starts = await fileStarts();
  }
  return Math.max(1, starts.length);
}

/**
 * The public entries of sitemap file `number` (1-based), or null when there is no such file. A
 * range that has grown past its limit since the cut (many old entries made public) is cut again
 * at once, so no file lists more than 50,000 URLs (SITEMAP_FILE_SIZE + 25%) and every public entry
 * is in a file of the current index. Hidden entries are never read.
 */
export async function readSitemapFile(number: number): Promise<SitemapUrl[] | null> {
  const limit = growthLimit();
  for (let attempt = 0; ; attempt++) {
    const starts = await fileStarts();
    if (number > Math.max(1, starts.length)) return null;
    const rows = await queryRows<{ slug: string; updated_at: string }>(fileStatement(starts, number, limit));
    if (rows.length > limit && attempt === 0) {
      generation++;
      continue;
    }
    return rows.slice(0, limit).map((row) => ({ path: `/ngos/${row.slug}`, lastModified: row.updated_at }));
  }
}

/**
 * The statements behind the sitemap (exported for the query-plan test, which checks that they
 * read the index of public entries, never the table): the cut, the public entries of the last
 * file counted up to one past `limit`, and those of file `number` (1-based).
 */
export const cutStatement = () => Prisma.sql`
    SELECT ${utcText(Prisma.sql`created_at`)} AS "createdAt", id FROM (
      SELECT n.created_at, n.id, row_number() OVER (ORDER BY n.created_at, n.id) AS position
      FROM ngos n WHERE ${isPublic}) ranked
    WHERE position % ${config().sitemapFileSize}::int = 1
    ORDER BY created_at, id`;

export const lastFileCountStatement = (starts: readonly FileStart[], limit: number) => Prisma.sql`
    SELECT count(*)::int AS count FROM (
      SELECT 1 FROM ngos n WHERE ${fileRange(starts, Math.max(0, starts.length - 1))} LIMIT ${limit + 1}::int) tail`;

export const fileStatement = (starts: readonly FileStart[], number: number, limit: number) => Prisma.sql`
      SELECT n.slug, ${utcText(Prisma.sql`n.updated_at`)} AS updated_at FROM ngos n
      WHERE ${fileRange(starts, number - 1)}
      ORDER BY n.created_at, n.id
      LIMIT ${limit + 1}::int`;

/** The explorer's own pages, the sitemap's first file. */
export const EXPLORER_PAGES: SitemapUrl[] = [{ path: "/" }, { path: "/stats" }, { path: "/docs" }];
