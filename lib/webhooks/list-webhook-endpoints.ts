import { getPrisma } from "@/lib/db";
import { toEndpointRecord } from "./endpoint-record";
import type { EndpointRecord } from "./endpoint-schemas";

/** Every endpoint, oldest first. An operator has a handful, so there is no paging. */
export async function listWebhookEndpoints(): Promise<EndpointRecord[]> {
  const prisma = await getPrisma();
  const rows = await prisma.webhookEndpoint.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 1000 });
  const now = new Date();
  return rows.map((row) => toEndpointRecord(row, now));
}
