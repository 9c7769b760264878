import { getPrisma } from "@/lib/db";
import type { WebhookEndpoint } from "@/lib/db/generated/client";
import { endpointNotFound } from "./endpoint-not-found";

/** The stored endpoint, or a 404 naming the id. */
export async function getWebhookEndpointOrThrow(id: string): Promise<WebhookEndpoint> {
  const prisma = await getPrisma();
  const row = /^whep_[0-9a-z]{20}$/.test(id) ? await prisma.webhookEndpoint.findUnique({ where: { id } }) : null;
  if (!row) throw endpointNotFound(id);
  return row;
}
