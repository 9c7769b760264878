import { getPrisma } from "@/lib/db";
import { getWebhookEndpointOrThrow } from "./get-webhook-endpoint";

/** Removes an endpoint with its deliveries and their log. Events stay: they belong to the registry. */
export async function deleteWebhookEndpoint(id: string): Promise<void> {
  await getWebhookEndpointOrThrow(id);
  const prisma = await getPrisma();
  await prisma.webhookEndpoint.deleteMany({ where: { id } });
}
