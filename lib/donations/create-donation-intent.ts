// POST /api/v1/embed/donation/intent's domain: validate, claim the Idempotency-Key, check the NGO,
// make the intent and its donation_intent.created event — all in one transaction.
import { createHash } from "node:crypto";
import { config } from "@/lib/config";
import { getPrisma, type Prisma } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { invalidInput } from "@/lib/keys/invalid-input";
import { paymentProviderOf } from "@/lib/payments/payment-provider-of";
import { recordEvent } from "@/lib/webhooks/record-event";
import { randomId } from "@/lib/webhooks/random-id";
import { assertNgoAcceptsDonations } from "./assert-ngo-accepts-donations";
import type { IntentCaller } from "./caller";
import { newClientSecret } from "./client-secret";
import { intentSelect, toIntentView, toOperatorIntentView } from "./intent-record";

const { ngo: _ngo, ...intentColumns } = intentSelect;
void _ngo;
import { createIntentInputSchema, type CreatedIntentView } from "./schemas";

export type CreatedIntent = { status: number; body: CreatedIntentView; replayed: boolean };

/** The Idempotency-Key header's rules: 1–255 visible ASCII characters. */
export function parseIdempotencyKey(value: string | null): string | null {
  if (value === null) return null;
  if (!/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw ApiError.invalid([{ name: "Idempotency-Key", reason: "must be 1 to 255 visible ASCII characters (a UUID is a good choice)" }]);
  }
  return value;
}

/**
 * Creates an intent. With an Idempotency-Key, the key's row is claimed first, in the same
 * transaction: a second request with the key waits for the first to commit and then replays its
 * answer (another body: 422), so concurrent duplicates never make a second intent. The replay
 * comes before the NGO check, so it answers as the original did even if the NGO has changed since.
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
  const prisma = await getPrisma();
  return prisma.$transaction(
    async (tx) => {
      if (idempotencyKey !== null) {
        const claimed = await tx.$queryRaw<{ key: string }[]>`
          INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response)
          VALUES (${caller.scope}, ${idempotencyKey}, ${requestHash}, 0, '')
          ON CONFLICT DO NOTHING RETURNING key`;
        if (claimed.length === 0) return replay(tx, caller.scope, idempotencyKey, requestHash);
      }
      const ngo = await assertNgoAcceptsDonations(tx, input.ngo);
      const id = randomId("di", 24);
      const { secret, hash } = newClientSecret(id);
      const now = new Date();
      const created = await tx.donationIntent.create({
        data: {
          id,
          ngoId: ngo.id,
          apiKeyId: caller.keyId,
          clientSecretHash: hash,
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
          createdAt: now,
          updatedAt: now,
          expiresAt: new Date(now.getTime() + config().donations.intentTtlMs),
        },
        select: intentColumns,
      });
      // The NGO is known already: joining it again would cost the transaction another round trip.
      const row = { ...created, ngo: { id: ngo.id, slug: ngo.slug, name: ngo.name } };
      await recordEvent(tx, { type: "donation_intent.created", data: { donation_intent: toOperatorIntentView(row) } });
      const answer: CreatedIntentView = { ...toIntentView(row), client_secret: secret };
      if (idempotencyKey !== null) {
        await tx.idempotencyKey.update({
          where: { scope_key: { scope: caller.scope, key: idempotencyKey } },
          data: { statusCode: 201, response: JSON.stringify(answer) },
        });
      }
      return { status: 201, body: answer, replayed: false };
    },
    { timeout: 15_000, maxWait: 15_000 },
  );
}

async function replay(tx: Prisma.TransactionClient, scope: string, key: string, requestHash: string): Promise<CreatedIntent> {
  const stored = await tx.idempotencyKey.findUnique({ where: { scope_key: { scope, key } } });
  // Only committed rows are visible, and a claim commits with its answer: this is a guard.
  if (!stored || stored.statusCode === 0) {
    throw new ApiError("conflict", "A request with this Idempotency-Key is still being processed: retry in a moment.", { headers: { "Retry-After": "1" } });
  }
  if (stored.requestHash !== requestHash) {
    throw new ApiError("idempotency_key_reused", "This Idempotency-Key was used with a different request body: use a new key for a new donation.");
  }
  return { status: stored.statusCode, body: JSON.parse(stored.response) as CreatedIntentView, replayed: true };
}
