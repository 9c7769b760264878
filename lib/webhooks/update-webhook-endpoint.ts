import { Prisma, getPrisma, queryRows } from "@/lib/db";
import { invalidInput } from "@/lib/errors/invalid-input";
import { assertAllowedTarget } from "./assert-allowed-target";
import { endpointNotFound } from "./endpoint-not-found";
import { toEndpointRecord } from "./endpoint-record";
import { updateEndpointSchema, type EndpointRecord } from "./endpoint-schemas";
import { getWebhookEndpointOrThrow } from "./get-webhook-endpoint";

/**
 * Changes an endpoint's settings. Enabling it clears the reason and the failure streak of a
 * disable. An endpoint deleted by a concurrent request between the check and the write is a 404.
 * With the endpoint comes the number of its pending deliveries: events keep being queued for a
 * disabled endpoint, so on re-enabling this is what is about to go out, oldest first.
 */
export async function updateWebhookEndpoint(id: string, body: unknown): Promise<{ record: EndpointRecord; pendingDeliveries: number }> {
  const parsed = updateEndpointSchema.safeParse(body);
  if (!parsed.success) throw invalidInput(parsed.error);
  await getWebhookEndpointOrThrow(id);
  const input = parsed.data;
  if (input.url) await assertAllowedTarget(input.url);
  const prisma = await getPrisma();
  const [row] = await prisma.webhookEndpoint.updateManyAndReturn({
    where: { id },
    data: {
      url: input.url,
      description: input.description,
      eventTypes: input.event_types,
      enabled: input.enabled,
      ...(input.enabled === true ? { disabledReason: null, failingSince: null } : {}),
      ...(input.enabled === false ? { disabledReason: null } : {}),
      updatedAt: new Date(),
    },
  });
  if (!row) throw endpointNotFound(id);
  const [pending] = await queryRows<{ n: number }>(Prisma.sql`
    SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = ${id} AND status = 'pending'`);
  return { record: toEndpointRecord(row), pendingDeliveries: pending?.n ?? 0 };
}
