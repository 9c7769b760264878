// What the donation code asks of a payment provider. Creating an intent asks the provider for a
// payment and hands the widget what it needs to collect the payment details itself; outcomes come
// back later as provider events (PaymentEvent), which lib/donations applies to the intent. The
// sandbox (sandbox-provider.ts) is the default; Stripe (stripe/stripe-provider.ts) is the first
// live one. Another provider is one more file implementing this type, named in payment-provider-of.ts.

export type PaymentMode = "sandbox" | "live";

/** Why a payment was declined: stable codes a donor's page and a webhook receiver can act on. */
export const DECLINE_CODES = [
  "card_declined",
  "insufficient_funds",
  "expired_card",
  "incorrect_number",
  "incorrect_cvc",
  "authentication_required",
  "processing_error",
] as const;
export type DeclineCode = (typeof DECLINE_CODES)[number];

export type ChargeOutcome =
  | { status: "succeeded" }
  | { status: "failed"; code: DeclineCode }
  /** Accepted but not settled yet: it settles to `then` at `settleAt`, without anyone asking. */
  | { status: "processing"; settleAt: Date; then: { status: "succeeded" } | { status: "failed"; code: DeclineCode } };

export type ChargeRequest = { amount: number; currency: string; cardNumber: string; now: Date };

/** A payment asked of the provider when an intent is made. */
export type PaymentRequest = {
  /** Our intent id: the provider's metadata and the idempotency key of the call. */
  intentId: string;
  amount: number;
  currency: string;
  frequency: "one_time" | "monthly";
  ngoSlug: string;
  donorEmail: string | null;
};

/** What the widget needs to collect the payment details at the provider, and the provider's ids to keep. */
export type PaymentCollection = {
  /** The provider's client secret for its own fields in the widget; null for the sandbox, which takes a test card. */
  clientSecret: string | null;
  publishableKey: string | null;
  refs: { payment: string | null; subscription: string | null; customer: string | null };
};

/** A provider's event, as the donation code applies it. `eventId` deduplicates. */
export type PaymentEvent =
  | { eventId: string; kind: "processing" | "succeeded" | "canceled"; intentId: string; paymentRef: string | null; cardLast4: string | null }
  | { eventId: string; kind: "failed"; intentId: string; code: DeclineCode }
  /**
   * A payment refunded at the provider: `amountRefunded` is its total so far (Stripe's
   * cumulative amount_refunded), never this refund's share, so that a replayed or late event
   * cannot count twice; `full` when nothing is left to refund.
   */
  | { eventId: string; kind: "refunded"; paymentRef: string; amountRefunded: number; full: boolean }
  | { eventId: string; kind: "disputed"; paymentRef: string }
  /** A subscription's invoice was paid: its first payment (the intent succeeds) or a renewal. */
  | { eventId: string; kind: "invoice_paid"; intentId: string; subscriptionRef: string; invoiceRef: string; paymentRef: string | null; amount: number; currency: string; first: boolean }
  | { eventId: string; kind: "invoice_failed"; intentId: string; subscriptionRef: string; invoiceRef: string; code: DeclineCode; first: boolean }
  | { eventId: string; kind: "subscription_canceled"; intentId: string; subscriptionRef: string };

/** A provider event we recognised (applied), or one we acknowledge and ignore. */
export type ParsedWebhook = { eventId: string; type: string; event: PaymentEvent | null };

/** Our intent and the provider's ids kept on it: what a live provider is asked about. */
export type PaymentRefs = { intentId: string; payment: string | null; subscription: string | null };

/**
 * A payment's state at the provider now (reconciliation, for a webhook that never came): the
 * events it implies, as the webhooks would have brought them, and whether the payment is still
 * open there (the donor may still pay). Their ids are the provider's object and state, never a
 * webhook event's, so the real webhook arriving later is applied too, and changes nothing.
 */
export type RetrievedPayment = { open: boolean; events: PaymentEvent[] };

/** A payment found at the provider, and whether it is still open there (the donor could still pay). */
export type FoundPayment = { refs: PaymentRefs; open: boolean };

export type ProviderCheck = { reachable: true; mode: string } | { reachable: false; output: string };

export type PaymentProvider = {
  id: string;
  mode: PaymentMode;
  /** A 422 naming `amount` when the provider refuses the amount (its minimums, its rounding). */
  assertAmountAccepted(amount: number, currency: string): void;
  /** Asks for a payment; idempotent in the intent id, so a retried call never makes a second one. */
  createPayment(request: PaymentRequest): Promise<PaymentCollection>;
  /** Only the sandbox takes a card number through our API; a live provider collects it itself. */
  charge?(request: ChargeRequest): ChargeOutcome;
  /** Verifies a webhook's signature over the raw body (a 400 if it fails) and maps the event. */
  parseWebhook?(rawBody: string, headers: Headers): ParsedWebhook;
  /** A live provider: the payment's state now, for reconciliation (the sandbox needs none: it has no webhooks to miss). */
  retrievePayment?(refs: PaymentRefs): Promise<RetrievedPayment>;
  /** A live provider: ends a payment still open there (our intent expired), idempotently. */
  cancelPayment?(refs: PaymentRefs): Promise<void>;
  /**
   * A live provider: the payment made for our intent id, found by its metadata, when we never
   * wrote its ids (an orphan: see PendingProviderPayment); null if the provider made none.
   */
  findPayment?(intentId: string, frequency: PaymentRequest["frequency"]): Promise<FoundPayment | null>;
  /** Health: reachable, and in which mode (test or live for a real provider). */
  check(): Promise<ProviderCheck>;
};
