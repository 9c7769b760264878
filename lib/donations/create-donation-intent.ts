// POST /api/v1/embed/donation/intent's domain: validate, check the NGO, then claim the
// Idempotency-Key, make the intent and its donation_intent.created event in one statement.
import { createHash } from "node:crypto";
import { config } from "@/lib/config";
import { Prisma, queryRows } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { invalidInput } from "@/lib/errors/invalid-input";
import type { PaymentCollection } from "@/lib/payments/payment-provider";
import { paymentProviderOf } from "@/lib/payments/payment-provider-of";
import { eventPayloads, outboxWrites } from "@/lib/events/record-event";
import { randomId } from "@/lib/random-id";
import { assertNgoAcceptsDonations, checkNgoAcceptsDonations, DONATION_NGO_COLUMNS, type DonationNgo, type DonationNgoRow } from "./assert-ngo-accepts-donations";
import type { IntentCaller } from "./caller";
import { newClientSecret } from "./client-secret";
import { toIntentView, toOperatorIntentView, type IntentRow } from "./intent-record";
import { notePendingPayment } from "./note-pending-payment";
import { createIntentInputSchema, type CreateIntentInput, type CreatedIntentView } from "./schemas";

export type CreatedIntent = {
  status: number;
  body: CreatedIntentView;
  replayed: boolean;
  /** Webhook deliveries the new intent's event queued: worth a prompt kick of the dispatcher. */
  queuedDeliveries: number;
};

type StoredAnswer = { request_hash: string; status_code: number; response: string };

/** The Idempotency-Key header's rules: 1–255 visible ASCII characters. */
export function parseIdempotencyKey(value: string | null): string | null {
  if (value === null) return null;
  if (!/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw ApiError.invalid([{ name: "Idempotency-Key", reason: "must be 1 to 255 visible ASCII characters (a UUID is a good choice)" }]);
  }
  return value;
}

/**
 * Creates an intent in two round trips. The first reads the NGO and any answer already stored
 * under the Idempotency-Key: a stored answer is replayed (another body: 422) before the NGO is
 * checked, so a replay answers as the original did even if the NGO has changed since. The second
 * is one statement, atomic on its own: it claims the key with the complete answer, inserts the
 * intent and its event only if the claim held and the NGO still accepts donations. A concurrent
 * duplicate's claim waits for the first to commit, finds the key taken and replays its answer:
 * never a second intent, and never an answer stored without its intent.
 */
export async function createDonationIntent(caller: IntentCaller, idempotencyKey: string | null, body: unknown): Promise<CreatedIntent> {
  const parsed = createIntentInputSchema.safeParse(body);
  if (!parsed.success) throw invalidInput(parsed.error);
  const input = parsed.data;
  if (caller.boundNgoSlug !== null && input.ngo !== caller.boundNgoSlug) {
    throw new ApiError("forbidden", `This key is bound to the NGO "${caller.boundNgoSlug}" and may create donation intents for it only, not for "${input.ngo}".`);
  }
  const provider = paymentProviderOf();
  if (caller.preview && provider.mode !== "sandbox") {
    throw new ApiError("forbidden", "Donations through the registry's preview of the widget are disabled in live mode.");
  }
  const requestHash = createHash("sha256").update(JSON.stringify(input)).digest("hex");
  const storedAnswer = Prisma.sql`
    SELECT request_hash, status_code, response FROM idempotency_keys WHERE scope = ${caller.scope} AND key = ${idempotencyKey}::text`;
  const [found] = await queryRows<{ ngo: DonationNgoRow | null; stored: StoredAnswer | null }>(Prisma.sql`
    SELECT (SELECT row_to_json(n) FROM (SELECT ${DONATION_NGO_COLUMNS} FROM ngos WHERE slug = ${input.ngo}) n) AS ngo,
           (SELECT row_to_json(k) FROM (${storedAnswer}) k) AS stored`);
  if (found?.stored) return replay(found.stored, requestHash);
  const ngo = checkNgoAcceptsDonations(found?.ngo, input.ngo);
  provider.assertAmountAccepted(input.amount, input.currency);

  const id = randomId("di", 24);
  const { secret, hash } = newClientSecret(id);
  // Asked before our write, outside any transaction: the provider's answer is part of ours. Our
  // intent id is its idempotency key. Should our write then not happen (a concurrent duplicate
  // won the Idempotency-Key, the process died), the provider's payment is left unconfirmed: its
  // client secret never reaches a donor, so nothing is charged, and the pending row noted first
  // (deleted by our write) has reconciliation cancel it there.
  if (provider.findPayment) await notePendingPayment(provider.id, id, input.frequency);
  const collection = await provider.createPayment({
    intentId: id,
    amount: input.amount,
    currency: input.currency,
    frequency: input.frequency,
    ngoSlug: ngo.slug,
    donorEmail: input.email ?? null,
  });
  const row = newIntentRow({ id, clientSecretHash: hash }, caller, ngo, input, provider, collection.refs);
  const answer: CreatedIntentView = {
    ...toIntentView(row),
    client_secret: secret,
    payment: { provider: provider.id, client_secret: collection.clientSecret, publishable_key: collection.publishableKey },
  };
  const events = eventPayloads([{ type: "donation_intent.created", data: { donation_intent: toOperatorIntentView(row) } }]);
  const [written] = await queryRows<{ accepts: number; created: number; queued: number }>(Prisma.sql`
    WITH ngo AS (
      SELECT id FROM ngos WHERE id = ${ngo.id} AND state = 'verified' AND donations_enabled
    ),
    claim AS (
      INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response)
      SELECT ${caller.scope}::text, ${idempotencyKey}::text, ${requestHash}::text, 201, ${JSON.stringify(answer)}::text
      FROM ngo WHERE ${idempotencyKey}::text IS NOT NULL
      ON CONFLICT DO NOTHING
      RETURNING key
    ),
    intent AS (
      INSERT INTO donation_intents (id, ngo_id, api_key_id, client_secret_hash, status, mode, provider, amount, currency,
        frequency, donor_name, donor_email, anonymous, message, metadata, created_at, updated_at, expires_at,
        provider_payment_id, provider_subscription_id, provider_customer_id)
      SELECT ${row.id}::text, ngo.id, ${row.apiKeyId}::text, ${hash}::text, ${row.status}::text, ${row.mode}::text,
        ${row.provider}::text, ${row.amount}::int, ${row.currency}::text, ${row.frequency}::text, ${row.donorName}::text,
        ${row.donorEmail}::text, ${row.anonymous}::boolean, ${row.message}::text, ${JSON.stringify(row.metadata)}::jsonb,
        ${row.createdAt}::timestamptz, ${row.updatedAt}::timestamptz, ${row.expiresAt}::timestamptz,
        ${row.providerPaymentId}::text, ${row.providerSubscriptionId}::text, ${row.providerCustomerId}::text
      FROM ngo WHERE ${idempotencyKey}::text IS NULL OR EXISTS (SELECT 1 FROM claim)
      RETURNING id
    ),
    pending AS (
      DELETE FROM pending_provider_payments WHERE intent_id = ${row.id}::text AND EXISTS (SELECT 1 FROM intent)
    ),
    ${outboxWrites(events, Prisma.sql`EXISTS (SELECT 1 FROM intent)`)}
    SELECT (SELECT count(*) FROM ngo)::int AS accepts, (SELECT count(*) FROM intent)::int AS created,
           (SELECT count(*) FROM outbox_deliveries)::int AS queued`);
  if (written?.created === 1) return { status: 201, body: answer, replayed: false, queuedDeliveries: written.queued };
  if (!written?.accepts) {
    // The NGO changed between the two round trips: say how it stands now.
    await assertNgoAcceptsDonations(input.ngo);
    throw new ApiError("conflict", "The NGO changed while the donation was being made: retry in a moment.", { headers: { "Retry-After": "1" } });
  }
  // The key was claimed by a concurrent request with it, which has committed by now.
  const [stored] = await queryRows<StoredAnswer>(storedAnswer);
  if (!stored) {
    throw new ApiError("conflict", "A request with this Idempotency-Key is still being processed: retry in a moment.", { headers: { "Retry-After": "1" } });
  }
  return replay(stored, requestHash);
}

function newIntentRow(
  { id, clientSecretHash }: { id: string; clientSecretHash: string },
  caller: IntentCaller,
  ngo: DonationNgo,
  input: CreateIntentInput,
  provider: { id: string; mode: string },
  refs: PaymentCollection["refs"],
): IntentRow {
  const now = new Date();
  return {
    id,
    status: "requires_payment_method",
    mode: provider.mode,
    provider: provider.id,
    amount: input.amount,
    currency: input.currency,
    frequency: input.frequency,
    donorName: input.name ?? null,
    donorEmail: input.email ?? null,
    anonymous: input.anonymous,
    message: input.message ?? null,
    metadata: input.metadata,
    failureCode: null,
    cancellationReason: null,
    cardLast4: null,
    apiKeyId: caller.keyId,
    clientSecretHash,
    settleAt: null,
    settleOutcome: null,
    createdAt: now,
    updatedAt: now,
    expiresAt: new Date(now.getTime() + config().donations.intentTtlMs),
    providerPaymentId: refs.payment,
    providerSubscriptionId: refs.subscription,
    providerCustomerId: refs.customer,
    subscriptionStatus: null,
    amountRefunded: 0,
    ngo: { id: ngo.id, slug: ngo.slug, name: ngo.name },
  };
}

function replay(stored: StoredAnswer, requestHash: string): CreatedIntent {
  if (stored.request_hash !== requestHash) {
    throw new ApiError("idempotency_key_reused", "This Idempotency-Key was used with a different request body: use a new key for a new donation.");
  }
  return { status: stored.status_code, body: JSON.parse(stored.response) as CreatedIntentView, replayed: true, queuedDeliveries: 0 };
}
