import { getPrisma } from "@/lib/db";
import { endpointNotFound } from "./endpoint-not-found";

/**
 * Removes an endpoint with its deliveries and their log. Events stay: they belong to the registry.
 * Of concurrent deletions one removes it and the others hear 404, as after it.
 */
export async function deleteWebhookEndpoint(id: string): Promise<void> {
  const prisma = await getPrisma();
  const { count } = await prisma.webhookEndpoint.deleteMany({ where: { id } });
  if (count === 0) throw endpointNotFound(id);
}
