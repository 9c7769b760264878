import { describe, expect, it } from "vitest";
import { formatAmount } from "./format-amount";

// Which space ICU puts between code and number (no-break, narrow no-break) varies by version.
const format = (...args: Parameters<typeof formatAmount>) => formatAmount(...args).replace(/\s/g, " ");

describe("formatAmount", () => {
  it("writes minor units in the currency's own fraction digits, in the donor's locale", () => {
    expect(format(250000, "KES", "en-US")).toBe("KES 2,500.00");
    expect(format(5500, "KWD", "en-US")).toBe("KWD 5.500");
    expect(format(100000, "JPY", "ja-JP")).toBe("￥100,000");
    expect(format(1050, "EUR", "de-DE")).toBe("10,50 €");
  });

  it("drops the fraction of a whole amount when asked (the presets), and only then", () => {
    expect(format(250000, "KES", "en-US", true)).toBe("KES 2,500");
    expect(format(1000, "EUR", "en-GB", true)).toBe("€10");
    expect(format(1050, "EUR", "en-GB", true)).toBe("€10.50");
  });
});
