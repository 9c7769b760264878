import { CURRENCIES, type CurrencyCode } from "@/lib/donations/currencies";

/**
 * An amount in minor units as people read it, in their locale and the currency's own fraction
 * digits: 250000 KES → "KES 2,500.00". `whole` drops the fraction of a whole amount (the presets:
 * "KES 2,500", not "KES 2,500.00").
 */
export function formatAmount(minor: number, code: CurrencyCode, locale: string, whole = false): string {
  const { exponent } = CURRENCIES[code];
  const scale = 10 ** exponent;
  const digits = whole && minor % scale === 0 ? 0 : exponent;
  return new Intl.NumberFormat(locale, { style: "currency", currency: code, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minor / scale);
}
