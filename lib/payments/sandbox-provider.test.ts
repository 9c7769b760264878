import { describe, expect, it } from "vitest";
import { sandboxProvider } from "./sandbox-provider";
import { TEST_CARDS } from "./test-cards";

describe("the sandbox provider", () => {
  const provider = sandboxProvider(3_000);
  const now = new Date("2026-11-25T10:00:00Z");
  const charge = (cardNumber: string) => provider.charge?.({ amount: 2500, currency: "EUR", cardNumber, now });

  it("lets each test card decide the outcome", () => {
    expect(charge("4242424242424242")).toEqual({ status: "succeeded" });
    expect(charge("4000000000000002")).toEqual({ status: "failed", code: "card_declined" });
    expect(charge("4000000000009995")).toEqual({ status: "failed", code: "insufficient_funds" });
    expect(charge("4000000000000069")).toEqual({ status: "failed", code: "expired_card" });
    expect(charge("4000000000000259")).toEqual({ status: "processing", settleAt: new Date("2026-11-25T10:00:03Z"), then: { status: "succeeded" } });
  });

  it("declines any other number, so a real card goes nowhere", () => {
    expect(charge("5555555555554444")).toEqual({ status: "failed", code: "incorrect_number" });
  });

  it("documents one card per outcome", () => {
    expect(new Set(TEST_CARDS.map((c) => c.outcome)).size).toBe(TEST_CARDS.length);
    expect(provider.mode).toBe("sandbox");
  });
});
