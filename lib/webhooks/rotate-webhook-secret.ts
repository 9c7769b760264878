import { getPrisma } from "@/lib/db";
import { invalidInput } from "@/lib/errors/invalid-input";
import { endpointNotFound } from "./endpoint-not-found";
import { toEndpointRecord } from "./endpoint-record";
import { rotateSecretSchema, type EndpointRecord } from "./endpoint-schemas";
import { generateWebhookSecret } from "./generate-webhook-secret";
import { getWebhookEndpointOrThrow } from "./get-webhook-endpoint";

const DEFAULT_OVERLAP_HOURS = 24;

/**
 * Gives an endpoint a new secret, shown this once. The old one keeps signing beside it for the
 * overlap period (both signatures in webhook-signature), so the receiver can switch without
 * dropping a delivery. The row is locked while it turns: of two concurrent rotations the second
 * keeps the first's secret as the previous one, and a deletion meanwhile is a 404.
 */
export async function rotateWebhookSecret(id: string, body: unknown = {}): Promise<{ record: EndpointRecord; secret: string }> {
  const parsed = rotateSecretSchema.safeParse(body ?? {});
  if (!parsed.success) throw invalidInput(parsed.error);
  await getWebhookEndpointOrThrow(id);
  const now = new Date();
  const overlapMs = (parsed.data.overlap_hours ?? DEFAULT_OVERLAP_HOURS) * 3_600_000;
  const secret = generateWebhookSecret();
  const prisma = await getPrisma();
  const row = await prisma.$transaction(async (tx) => {
    const [current] = await tx.$queryRaw<{ secret: string }[]>`SELECT secret FROM webhook_endpoints WHERE id = ${id} FOR UPDATE`;
    if (!current) throw endpointNotFound(id);
    return tx.webhookEndpoint.update({
      where: { id },
      data: {
        secret,
        previousSecret: overlapMs > 0 ? current.secret : null,
        previousSecretExpiresAt: overlapMs > 0 ? new Date(now.getTime() + overlapMs) : null,
        updatedAt: now,
      },
    });
  });
  return { record: toEndpointRecord(row, now), secret };
}
