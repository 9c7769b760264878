import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { CURRENCIES, CURRENCY_CODES } from "@/lib/donations/currencies";
import { assertStripeAmount, STRIPE_MINIMUMS } from "./stripe-amounts";

function refusal(amount: number, currency: string): ApiError | undefined {
  try {
    assertStripeAmount(amount, currency);
  } catch (error) {
    return error as ApiError;
  }
  return undefined;
}

describe("the amounts Stripe takes", () => {
  it("refuses less than Stripe's minimum with a 422 naming amount", () => {
    const refused = refusal(49, "EUR");
    expect(refused).toMatchObject({ status: 422, code: "amount_not_accepted", extras: { errors: [{ name: "amount" }] } });
    expect(refused?.detail).toMatch(/Stripe's minimum for EUR is 50 minor units/);
    expect(refusal(50, "EUR")).toBeUndefined();
    expect(refusal(29, "GBP")?.status).toBe(422);
    expect(refusal(49, "JPY")?.status).toBe(422);
  });

  it("takes three-decimal currencies in whole hundredths only", () => {
    expect(refusal(505, "KWD")?.detail).toMatch(/last digit .* must be 0/);
    expect(refusal(510, "KWD")).toBeUndefined();
    expect(refusal(1001, "BHD")?.status).toBe(422);
  });

  it("takes every registry minimum (the registry's own floor is higher than Stripe's)", () => {
    for (const code of CURRENCY_CODES) expect(refusal(CURRENCIES[code].min, code), code).toBeUndefined();
    for (const [code, minimum] of Object.entries(STRIPE_MINIMUMS)) expect(CURRENCIES[code as keyof typeof CURRENCIES].min).toBeGreaterThanOrEqual(minimum);
  });
});
