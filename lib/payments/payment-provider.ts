// What the donation code asks of a payment provider. The sandbox (sandbox-provider.ts) is the
// default and the only one shipped; a real provider implements the same interface in live mode.

export type PaymentMode = "sandbox" | "live";

/** Why a payment was declined: stable codes a donor's page and a webhook receiver can act on. */
export type DeclineCode = "card_declined" | "insufficient_funds" | "expired_card" | "incorrect_number";

export type ChargeOutcome =
  | { status: "succeeded" }
  | { status: "failed"; code: DeclineCode }
  /** Accepted but not settled yet: it settles to `then` at `settleAt`, without anyone asking. */
  | { status: "processing"; settleAt: Date; then: { status: "succeeded" } | { status: "failed"; code: DeclineCode } };

export type ChargeRequest = { amount: number; currency: string; cardNumber: string; now: Date };

export type PaymentProvider = {
  id: string;
  mode: PaymentMode;
  charge(request: ChargeRequest): ChargeOutcome;
};
