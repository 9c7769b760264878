const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * A non-negative integer in base62, left-padded with zeros to exactly `length` digits, so that
 * every key has the same length and a parser can split it by position.
 */
export function encodeBase62(value: bigint, length: number): string {
  if (value < 0n) throw new RangeError("encodeBase62 takes a non-negative integer");
  let digits = "";
  let rest = value;
  while (rest > 0n) {
    digits = ALPHABET[Number(rest % 62n)] + digits;
    rest /= 62n;
  }
  if (digits.length > length) throw new RangeError(`${value} needs more than ${length} base62 digits`);
  return digits.padStart(length, "0");
}
