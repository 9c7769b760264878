// A stored intent as the API shows it: the donor's page view, the creator's (with the client
// secret) and the operators' (with the donor). The Prisma selection below is how rows are read.
import type { CurrencyCode } from "./currencies";
import type { DonationIntentView, IntentStatus, OperatorIntentView } from "./schemas";

export const intentSelect = {
  id: true,
  status: true,
  mode: true,
  provider: true,
  amount: true,
  currency: true,
  frequency: true,
  donorName: true,
  donorEmail: true,
  anonymous: true,
  message: true,
  metadata: true,
  failureCode: true,
  cancellationReason: true,
  cardLast4: true,
  apiKeyId: true,
  clientSecretHash: true,
  settleAt: true,
  settleOutcome: true,
  createdAt: true,
  updatedAt: true,
  expiresAt: true,
  providerPaymentId: true,
  providerSubscriptionId: true,
  providerCustomerId: true,
  subscriptionStatus: true,
  amountRefunded: true,
  ngo: { select: { id: true, slug: true, name: true } },
} as const;

export type IntentRow = {
  id: string;
  status: string;
  mode: string;
  provider: string;
  amount: number;
  currency: string;
  frequency: string;
  donorName: string | null;
  donorEmail: string | null;
  anonymous: boolean;
  message: string | null;
  metadata: unknown;
  failureCode: string | null;
  cancellationReason: string | null;
  cardLast4: string | null;
  apiKeyId: string | null;
  clientSecretHash: string;
  settleAt: Date | null;
  settleOutcome: string | null;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  providerPaymentId: string | null;
  providerSubscriptionId: string | null;
  providerCustomerId: string | null;
  subscriptionStatus: string | null;
  amountRefunded: number;
  ngo: { id: string; slug: string; name: string };
};

// The table's CHECK constraints admit only these values, so the casts below hold.
export function toIntentView(row: IntentRow): DonationIntentView {
  return {
    id: row.id,
    object: "donation_intent",
    status: row.status as IntentStatus,
    mode: row.mode as DonationIntentView["mode"],
    amount: row.amount,
    currency: row.currency as CurrencyCode,
    frequency: row.frequency as DonationIntentView["frequency"],
    ngo: { slug: row.ngo.slug, name: row.ngo.name },
    anonymous: row.anonymous,
    failure_code: row.failureCode,
    cancellation_reason: row.cancellationReason as DonationIntentView["cancellation_reason"],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

export function toOperatorIntentView(row: IntentRow): OperatorIntentView {
  return {
    ...toIntentView(row),
    donor: { name: row.donorName, email: row.donorEmail },
    message: row.message,
    metadata: (row.metadata ?? {}) as Record<string, string>,
    card_last4: row.cardLast4,
    api_key_id: row.apiKeyId,
    provider: row.provider,
    amount_refunded: row.amountRefunded,
  };
}
