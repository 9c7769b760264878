// The currencies donations accept: ISO 4217 code, exponent (minor units per major unit as a power
// of ten), and the smallest and largest amount, in minor units. The widget's presets are in
// major units. 0-, 2- and 3-exponent currencies are all here (JPY, EUR, KWD).

export type Currency = { code: string; exponent: 0 | 2 | 3; min: number; max: number; presets: readonly number[] };

export const CURRENCIES = {
  EUR: { code: "EUR", exponent: 2, min: 100, max: 10_000_000, presets: [10, 25, 50, 100] },
  USD: { code: "USD", exponent: 2, min: 100, max: 10_000_000, presets: [10, 25, 50, 100] },
  GBP: { code: "GBP", exponent: 2, min: 100, max: 10_000_000, presets: [10, 25, 50, 100] },
  CHF: { code: "CHF", exponent: 2, min: 100, max: 10_000_000, presets: [10, 25, 50, 100] },
  BRL: { code: "BRL", exponent: 2, min: 500, max: 50_000_000, presets: [25, 50, 100, 250] },
  INR: { code: "INR", exponent: 2, min: 5_000, max: 100_000_000, presets: [500, 1_000, 2_500, 5_000] },
  KES: { code: "KES", exponent: 2, min: 10_000, max: 1_000_000_000, presets: [1_000, 2_500, 5_000, 10_000] },
  JPY: { code: "JPY", exponent: 0, min: 100, max: 10_000_000, presets: [1_000, 3_000, 5_000, 10_000] },
  KRW: { code: "KRW", exponent: 0, min: 1_000, max: 100_000_000, presets: [10_000, 30_000, 50_000, 100_000] },
  KWD: { code: "KWD", exponent: 3, min: 500, max: 30_000_000, presets: [5, 10, 25, 50] },
  BHD: { code: "BHD", exponent: 3, min: 500, max: 30_000_000, presets: [5, 10, 25, 50] },
} as const satisfies Record<string, Currency>;

export type CurrencyCode = keyof typeof CURRENCIES;

export const CURRENCY_CODES = Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]];

/** An amount in minor units as a decimal string of major units: 1050 EUR → "10.50", 1500 KWD → "1.500". */
export function formatMinorUnits(amount: number, code: CurrencyCode): string {
  const { exponent } = CURRENCIES[code];
  if (exponent === 0) return String(amount);
  const text = String(amount).padStart(exponent + 1, "0");
  return `${text.slice(0, -exponent)}.${text.slice(-exponent)}`;
}

const EURO_COUNTRIES = new Set(["AT", "BE", "CY", "DE", "EE", "ES", "FI", "FR", "GR", "HR", "IE", "IT", "LT", "LU", "LV", "MT", "NL", "PT", "SI", "SK"]);
const COUNTRY_CURRENCY: Record<string, CurrencyCode> = { US: "USD", GB: "GBP", CH: "CHF", BR: "BRL", IN: "INR", KE: "KES", JP: "JPY", KR: "KRW", KW: "KWD", BH: "BHD" };

/** The currency the widget starts with for an NGO in `country` (ISO 3166-1 alpha-2): its own where supported, else EUR. */
export function defaultCurrencyFor(country: string): CurrencyCode {
  return COUNTRY_CURRENCY[country] ?? (EURO_COUNTRIES.has(country) ? "EUR" : "USD");
}
