import type { WebhookEndpoint } from "@/lib/db/generated/client";
import type { EndpointRecord } from "./endpoint-schemas";

/** The API's view of an endpoint: everything but its secrets. */
export function toEndpointRecord(row: WebhookEndpoint, now = new Date()): EndpointRecord {
  const overlap = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt.toISOString() : null;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.eventTypes,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    failing_since: row.failingSince?.toISOString() ?? null,
    previous_secret_expires_at: overlap,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
