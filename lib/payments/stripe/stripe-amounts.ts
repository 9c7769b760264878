// What Stripe accepts as an amount, beyond the registry's own limits (lib/donations/currencies.ts):
// its minimum charge per currency, and the three-decimal currencies' rule that the last digit is 0.
import { ApiError } from "@/lib/errors/api-error";

/**
 * Stripe's documented minimum charge, in minor units, for the currencies the registry takes.
 * The others (KRW, KES, KWD, BHD) are settled in another currency, whose minimum (about 0.50 USD)
 * applies after conversion: Stripe then answers amount_too_small, which stripeProblem maps to the
 * same 422. Today every registry minimum is above these: the check stands for the day either changes.
 */
export const STRIPE_MINIMUMS: Readonly<Record<string, number>> = { EUR: 50, USD: 50, GBP: 30, CHF: 50, BRL: 50, INR: 50, JPY: 50 };

/** Currencies Stripe counts in thousandths, where it takes only amounts divisible by 10. */
const THREE_DECIMAL = new Set(["KWD", "BHD"]);

/** A 422 naming `amount` if Stripe would refuse it. */
export function assertStripeAmount(amount: number, currency: string): void {
  const minimum = STRIPE_MINIMUMS[currency];
  if (minimum !== undefined && amount < minimum) throw amountRefused(`Stripe's minimum for ${currency} is ${minimum} minor units`);
  if (THREE_DECIMAL.has(currency) && amount % 10 !== 0) {
    throw amountRefused(`Stripe takes ${currency} amounts in whole hundredths only: the last digit of the minor units must be 0`);
  }
}

export function amountRefused(reason: string): ApiError {
  return new ApiError("amount_not_accepted", `amount: ${reason}.`, { errors: [{ name: "amount", reason }] });
}
