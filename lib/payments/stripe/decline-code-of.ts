import { DECLINE_CODES, type DeclineCode } from "../payment-provider";

/**
 * Stripe's reason for a failed payment, as one of our stable codes: its decline_code when we know
 * it (insufficient_funds says more than card_declined), then its error code, else card_declined.
 */
export function declineCodeOf(error: { code?: string | null; decline_code?: string | null } | null | undefined): DeclineCode {
  for (const candidate of [error?.decline_code, error?.code]) {
    if (candidate && (DECLINE_CODES as readonly string[]).includes(candidate)) return candidate as DeclineCode;
  }
  return "card_declined";
}
