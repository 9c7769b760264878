import { config } from "@/lib/config";
import { Prisma, getPrisma, queryRows } from "@/lib/db";
import type { ClaimedDelivery } from "./claim-deliveries";
import { nextAttemptDelay } from "./next-attempt-delay";
import { randomId } from "@/lib/random-id";
import { releaseClaim } from "./release-claim";
import { sendWebhook, type SendOutcome } from "./send-webhook";
import { signWebhook } from "./sign-webhook";
import type { WebhookEventPayload } from "@/lib/events/event-types";

type Target = {
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
} & WebhookEventPayload;

/**
 * Makes one attempt of a claimed delivery and records it: the attempt in the log, then the
 * delivery's new state — delivered (2xx), retried later (per the schedule and Retry-After), or
 * failed (schedule spent, 410 Gone). Every update is conditional on this claim's lease token, so
 * a dispatcher whose lease ran out cannot overwrite what another one did since. An attempt that
 * `cutOff` ends before any answer (the process is stopping) is not recorded: its claim is handed
 * back, due at once.
 */
export async function deliverClaimed(
  claim: ClaimedDelivery,
  cutOff?: AbortSignal,
): Promise<"delivered" | "retry" | "failed" | "skipped" | "released"> {
  const settings = config().webhooks;
  const [target] = await queryRows<Target>(Prisma.sql`
    SELECT e.url, e.secret, e.previous_secret, e.previous_secret_expires_at,
           v.id, v.type, to_char(v.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
           v.api_version, v.data
    FROM webhook_endpoints e, webhook_events v
    WHERE e.id = ${claim.endpoint_id} AND v.id = ${claim.event_id}`);
  if (!target) return "skipped";
  // The same bytes on every attempt: the envelope's keys in their documented order.
  const body = JSON.stringify({ id: target.id, type: target.type, created_at: target.created_at, api_version: target.api_version, data: target.data });
  const now = new Date();
  const secrets = [target.secret];
  if (target.previous_secret && target.previous_secret_expires_at && target.previous_secret_expires_at > now) {
    secrets.push(target.previous_secret);
  }
  const headers = signWebhook(claim.event_id, body, secrets, now);
  const outcome = await sendWebhook(target.url, headers, body, { ...settings, signal: cutOff });
  if (outcome.status === null && cutOff?.aborted) {
    await releaseClaim(claim);
    return "released";
  }
  const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const gone = outcome.status === 410;
  const delay = delivered || gone ? null : nextAttemptDelay(claim.attempt, settings.retryScheduleMs, outcome);
  const status = delivered ? "delivered" : delay === null ? "failed" : "pending";
  await record(claim, now, outcome, status, delay);
  await updateEndpointHealth(claim.endpoint_id, delivered, gone, settings.disableAfterMs);
  return delivered ? "delivered" : status === "failed" ? "failed" : "retry";
}

async function record(claim: ClaimedDelivery, startedAt: Date, o: SendOutcome, status: string, delayMs: number | null) {
  const prisma = await getPrisma();
  const error = o.error ?? (o.status !== null && (o.status < 200 || o.status >= 300) ? `HTTP ${o.status}` : null);
  await prisma.$transaction([
    prisma.$executeRaw`
      INSERT INTO webhook_delivery_attempts (id, event_id, endpoint_id, attempt, started_at, latency_ms, status_code, error, response_snippet)
      SELECT ${randomId("wha")}, ${claim.event_id}, ${claim.endpoint_id}, ${claim.attempt}::int, ${startedAt}, ${o.latencyMs}::int,
             ${o.status}::int, ${error}, ${redact(o.snippet)}
      WHERE EXISTS (SELECT 1 FROM webhook_deliveries WHERE event_id = ${claim.event_id}
                    AND endpoint_id = ${claim.endpoint_id} AND lease_token = ${claim.lease_token})`,
    prisma.$executeRaw`
      UPDATE webhook_deliveries SET status = ${status}, lease_token = NULL, last_status_code = ${o.status}::int,
        last_error = ${error}, updated_at = now(),
        next_attempt_at = CASE WHEN ${delayMs}::int IS NULL THEN next_attempt_at ELSE now() + ${delayMs}::int * interval '1 millisecond' END,
        delivered_at = CASE WHEN ${status} = 'delivered' THEN now() ELSE delivered_at END
      WHERE event_id = ${claim.event_id} AND endpoint_id = ${claim.endpoint_id} AND lease_token = ${claim.lease_token}`,
  ]);
}

/**
 * A success clears the endpoint's failure streak. 410 Gone disables it at once; any other
 * failure starts or continues the streak, and a streak longer than disableAfterMs disables it,
 * with the reason saying so.
 */
async function updateEndpointHealth(endpointId: string, delivered: boolean, gone: boolean, disableAfterMs: number) {
  const prisma = await getPrisma();
  if (delivered) {
    await prisma.$executeRaw`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ${endpointId} AND failing_since IS NOT NULL`;
  } else if (gone) {
    await prisma.$executeRaw`
      UPDATE webhook_endpoints SET enabled = false, updated_at = now(),
        disabled_reason = 'The endpoint answered 410 Gone: it asked not to receive webhooks any more.'
      WHERE id = ${endpointId} AND enabled`;
  } else {
    await prisma.$executeRaw`
      UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, now()) WHERE id = ${endpointId}`;
    await prisma.$executeRaw`
      UPDATE webhook_endpoints SET enabled = false, updated_at = now(),
        disabled_reason = 'Every delivery has failed since ' || to_char(failing_since AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
          || ', longer than the ' || ${allowance(disableAfterMs)}::text || ' allowed.'
      WHERE id = ${endpointId} AND enabled AND failing_since < now() - ${disableAfterMs}::bigint * interval '1 millisecond'`;
  }
}

function allowance(ms: number): string {
  return ms >= 3_600_000 ? `${Math.round((ms / 3_600_000) * 10) / 10} hours` : `${Math.round(ms / 1000)} seconds`;
}

/** Response snippets are the receiver's text: keep anything shaped like a secret out of the log. */
function redact(snippet: string | null): string | null {
  return snippet?.replace(/whsec_[A-Za-z0-9+/=]+/g, "whsec_[redacted]").replace(/(v1,)[A-Za-z0-9+/=]{20,}/g, "$1[redacted]") ?? null;
}
