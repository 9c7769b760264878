// The sandbox's test cards: the number decides the outcome. Documented in docs/donations.md and
// listed in the widget in sandbox mode.
import type { DeclineCode } from "./payment-provider";

export type TestCard = { number: string; outcome: "succeeded" | "processing" | DeclineCode; description: string };

export const TEST_CARDS: readonly TestCard[] = [
  { number: "4242424242424242", outcome: "succeeded", description: "succeeds" },
  { number: "4000000000000259", outcome: "processing", description: "processing, then succeeds a few seconds later" },
  { number: "4000000000000002", outcome: "card_declined", description: "declined: card_declined" },
  { number: "4000000000009995", outcome: "insufficient_funds", description: "declined: insufficient_funds" },
  { number: "4000000000000069", outcome: "expired_card", description: "declined: expired_card" },
];

/** Spaces and dashes as people type them are ignored. */
export function normaliseCardNumber(text: string): string {
  return text.replace(/[\s-]/g, "");
}
