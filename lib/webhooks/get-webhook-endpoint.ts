import { getPrisma } from "@/lib/db";
import type { WebhookEndpoint } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/errors/api-error";

/** The stored endpoint, or a 404 naming the id. */
export async function getWebhookEndpointOrThrow(id: string): Promise<WebhookEndpoint> {
  const prisma = await getPrisma();
  const row = /^whep_[0-9a-z]{20}$/.test(id) ? await prisma.webhookEndpoint.findUnique({ where: { id } }) : null;
  if (!row) throw new ApiError("not_found", `No webhook endpoint has the id '${id.slice(0, 60)}'.`);
  return row;
}
