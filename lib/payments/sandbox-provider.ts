// The built-in sandbox: no money moves, the test card decides the outcome (test-cards.ts). Any
// other number is declined as incorrect_number, so a real card number typed here goes nowhere.
// It needs no key and no network: the card is the one detail it collects, through our confirm
// endpoint, and its outcomes are applied there rather than arriving as provider events.
import type { PaymentProvider } from "./payment-provider";
import { TEST_CARDS } from "./test-cards";

export function sandboxProvider(settleMs: number): PaymentProvider {
  return {
    id: "sandbox",
    mode: "sandbox",
    assertAmountAccepted() {},
    async createPayment() {
      return { clientSecret: null, publishableKey: null, refs: { payment: null, subscription: null, customer: null } };
    },
    charge({ cardNumber, now }) {
      const card = TEST_CARDS.find((c) => c.number === cardNumber);
      if (!card) return { status: "failed", code: "incorrect_number" };
      if (card.outcome === "succeeded") return { status: "succeeded" };
      if (card.outcome === "processing") {
        return { status: "processing", settleAt: new Date(now.getTime() + settleMs), then: { status: "succeeded" } };
      }
      return { status: "failed", code: card.outcome };
    },
    async check() {
      return { reachable: true, mode: "sandbox" };
    },
  };
}
