import { describe, expect, it } from "vitest";
import { CURRENCIES, defaultCurrencyFor, formatMinorUnits } from "./currencies";

describe("currencies", () => {
  it("cover exponents 0, 2 and 3", () => {
    expect(new Set(Object.values(CURRENCIES).map((c) => c.exponent))).toEqual(new Set([0, 2, 3]));
  });

  it("keep every preset within the currency's minimum and maximum", () => {
    for (const c of Object.values(CURRENCIES)) {
      for (const major of c.presets) {
        const minor = major * 10 ** c.exponent;
        expect(minor, c.code).toBeGreaterThanOrEqual(c.min);
        expect(minor, c.code).toBeLessThanOrEqual(c.max);
      }
      // Every amount fits the column (a PostgreSQL integer).
      expect(c.max).toBeLessThan(2 ** 31);
    }
  });

  it("write minor units as major units", () => {
    expect(formatMinorUnits(1050, "EUR")).toBe("10.50");
    expect(formatMinorUnits(5, "EUR")).toBe("0.05");
    expect(formatMinorUnits(1500, "KWD")).toBe("1.500");
    expect(formatMinorUnits(1000, "JPY")).toBe("1000");
  });

  it("start the widget in the NGO's own currency where supported", () => {
    expect([defaultCurrencyFor("KE"), defaultCurrencyFor("PT"), defaultCurrencyFor("NZ"), defaultCurrencyFor("KW")]).toEqual(["KES", "EUR", "USD", "KWD"]);
  });
});
