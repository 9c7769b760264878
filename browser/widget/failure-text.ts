const REASONS = new Map([
  ["card_declined", "The card was declined."],
  ["insufficient_funds", "The card has insufficient funds."],
  ["expired_card", "The card has expired."],
  ["incorrect_number", "The card number is not a test card: in sandbox mode only the listed test cards work."],
]);

/** What the donor reads when an intent did not succeed: its failure code, or its status, in words. */
export function failureText(reason: string): string {
  return REASONS.get(reason) ?? `The donation did not go through (${reason}).`;
}
