import Stripe from "stripe";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { stripeProblem } from "./stripe-problem";

type RawError = ConstructorParameters<typeof Stripe.errors.StripeError>[0];
const raw = (type: string, extra: Record<string, unknown> = {}) => ({ type, message: "Secret detail for acct_123 with sk_test_key", ...extra }) as RawError;

describe("Stripe's errors as our problems", () => {
  // Each is logged for the operator (a warn line); the test is about what the caller gets.
  beforeEach(() => void vi.spyOn(console, "error").mockImplementation(() => {}));

  it.each([
    ["a card error", new Stripe.errors.StripeCardError(raw("card_error", { code: "card_declined", decline_code: "insufficient_funds" })), 402, "payment_declined"],
    ["a rate limit", new Stripe.errors.StripeRateLimitError(raw("rate_limit_error")), 503, "payment_provider_unavailable"],
    ["no connection", new Stripe.errors.StripeConnectionError(raw("api_connection_error")), 503, "payment_provider_unavailable"],
    ["an amount too small", new Stripe.errors.StripeInvalidRequestError(raw("invalid_request_error", { code: "amount_too_small" })), 422, "amount_not_accepted"],
    ["a bad key", new Stripe.errors.StripeAuthenticationError(raw("authentication_error")), 503, "payment_provider_unavailable"],
    ["anything else", new Error("boom at stack"), 503, "payment_provider_unavailable"],
  ])("%s", (_, error, status, code) => {
    const problem = stripeProblem(error, "test");
    expect(problem).toMatchObject({ status, code });
    // Stripe's own message may name our account or key: it is never passed on.
    expect(problem.detail).not.toMatch(/acct_123|sk_test|Secret detail|stack/);
  });
});
