// Stripe's errors, as the caller of our API hears them: a stable problem type, no Stripe message
// passed through verbatim (it may name our account), never the key or a stack.
import Stripe from "stripe";
import { ApiError } from "@/lib/errors/api-error";
import { log } from "@/lib/log";
import { amountRefused } from "./stripe-amounts";

export function stripeProblem(error: unknown, action: string): ApiError {
  if (error instanceof ApiError) return error;
  const stripe = error instanceof Stripe.errors.StripeError ? error : undefined;
  // The operator's log gets Stripe's request id and code to look it up: never the message or the key.
  log("warn", "payment provider refused a request", {
    provider: "stripe",
    action,
    type: stripe?.type ?? "unknown",
    code: stripe?.code ?? null,
    status: stripe?.statusCode ?? null,
    request_id: stripe?.requestId ?? null,
  });
  if (stripe?.code === "amount_too_small" || stripe?.code === "amount_too_large") {
    return amountRefused(stripe.code === "amount_too_small" ? "below Stripe's minimum for this currency" : "above Stripe's maximum for this currency");
  }
  if (stripe instanceof Stripe.errors.StripeCardError) {
    return new ApiError("payment_declined", `The payment provider declined the payment (${stripe.decline_code ?? stripe.code ?? "card_declined"}).`);
  }
  if (stripe instanceof Stripe.errors.StripeRateLimitError) {
    return new ApiError("payment_provider_unavailable", "The payment provider is busy: retry in a moment.", { headers: { "Retry-After": "2" } });
  }
  if (stripe instanceof Stripe.errors.StripeConnectionError) {
    return new ApiError("payment_provider_unavailable", "The payment provider did not answer in time: retry in a moment.", { headers: { "Retry-After": "2" } });
  }
  return new ApiError("payment_provider_unavailable", "The payment provider could not take the request: retry later.", { headers: { "Retry-After": "5" } });
}
