import { getPrisma } from "@/lib/db";
import { invalidInput } from "@/lib/errors/invalid-input";
import { assertAllowedTarget } from "./assert-allowed-target";
import { toEndpointRecord } from "./endpoint-record";
import { createEndpointSchema, type EndpointRecord } from "./endpoint-schemas";
import { generateWebhookSecret } from "./generate-webhook-secret";
import { randomId } from "@/lib/random-id";

/** Registers an endpoint and returns its signing secret, this once. */
export async function createWebhookEndpoint(body: unknown): Promise<{ record: EndpointRecord; secret: string }> {
  const parsed = createEndpointSchema.safeParse(body);
  if (!parsed.success) throw invalidInput(parsed.error);
  await assertAllowedTarget(parsed.data.url);
  const secret = generateWebhookSecret();
  const prisma = await getPrisma();
  const row = await prisma.webhookEndpoint.create({
    data: {
      id: randomId("whep"),
      url: parsed.data.url,
      description: parsed.data.description ?? "",
      eventTypes: parsed.data.event_types ?? [],
      enabled: parsed.data.enabled ?? true,
      secret,
    },
  });
  return { record: toEndpointRecord(row), secret };
}
