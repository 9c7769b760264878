import { Prisma, queryRows } from "@/lib/db";

/**
 * Whether the entry takes donations through the registry's widget: verified, with donations
 * enabled. `donations_enabled` itself is operator-tier in the API; this yes/no is what the public
 * widget at /embed/donate/{slug} shows anyone anyway, so the public page may show it too.
 */
export async function acceptsDonations(slug: string): Promise<boolean> {
  const [row] = await queryRows<{ yes: boolean }>(Prisma.sql`
    SELECT (n.state = 'verified' AND n.donations_enabled) AS yes FROM ngos n WHERE n.slug = ${slug}`);
  return row?.yes === true;
}
