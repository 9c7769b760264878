import { getPrisma, type Prisma } from "@/lib/db";
import { listPage, type ListPage } from "@/lib/schemas/list-page";
import { decodeCursor, encodeCursor, queryFingerprint } from "@/lib/registry/cursor";
import { intentSelect, toOperatorIntentView } from "./intent-record";
import type { ListIntentsQuery, OperatorIntentView } from "./schemas";

/** Operators' list of intents, newest first, filtered by NGO, status and creation time; keyset-paginated. */
export async function listDonationIntents(query: ListIntentsQuery): Promise<ListPage<OperatorIntentView>> {
  const fingerprint = queryFingerprint(["donation-intents", query.ngo, query.status, query.created_after, query.created_before]);
  const createdAt: Prisma.DateTimeFilter = {};
  if (query.created_after) createdAt.gte = new Date(query.created_after);
  if (query.created_before) createdAt.lt = new Date(query.created_before);
  const where: Prisma.DonationIntentWhereInput = {
    ...(query.ngo ? { ngo: { slug: query.ngo } } : {}),
    ...(query.status ? { status: query.status } : {}),
    createdAt,
  };
  if (query.cursor !== undefined) {
    const cursor = decodeCursor(query.cursor, fingerprint, "date");
    const at = new Date(String(cursor.value));
    where.OR = [{ createdAt: { lt: at } }, { createdAt: at, id: { lt: cursor.id } }];
  }
  const prisma = await getPrisma();
  const rows = await prisma.donationIntent.findMany({ where, select: intentSelect, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return listPage(
    page.map(toOperatorIntentView),
    rows.length > query.limit && last ? encodeCursor({ value: last.createdAt.toISOString(), id: last.id }, fingerprint) : null,
    query.limit,
  );
}
