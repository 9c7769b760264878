/**
 * What a donor typed as an amount, in minor units of a currency with `exponent` fraction digits,
 * or NaN. The last of "." and "," is the decimal separator and the other groups thousands, as do
 * spaces and apostrophes (1 000, 1'000): "1.234,5" and "1,234.5" are both 123450 in EUR. More
 * fraction digits than the currency has are refused, not rounded.
 */
export function parseAmount(text: string, exponent: number): number {
  const compact = text.trim().replace(/[\s\u00a0']/g, "");
  const separator = compact.lastIndexOf(",") > compact.lastIndexOf(".") ? "," : ".";
  const parts = compact
    .split(separator === "," ? "." : ",")
    .join("")
    .split(separator);
  if (parts.length > 2) return NaN;
  const whole = parts[0] || "0";
  const fraction = parts[1] ?? "";
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction) || fraction.length > exponent) return NaN;
  return Number(whole + fraction.padEnd(exponent, "0"));
}
