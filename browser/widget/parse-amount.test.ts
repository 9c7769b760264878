import { describe, expect, it } from "vitest";
import { parseAmount } from "./parse-amount";

describe("parseAmount", () => {
  it("reads whole and decimal amounts as minor units", () => {
    expect(parseAmount("25", 2)).toBe(2500);
    expect(parseAmount(" 25.5 ", 2)).toBe(2550);
    expect(parseAmount("25,05", 2)).toBe(2505);
    expect(parseAmount(".5", 2)).toBe(50);
    expect(parseAmount("1.5", 3)).toBe(1500);
    expect(parseAmount("1000", 0)).toBe(1000);
  });

  it("takes the last of . and , as the decimal separator, the other and spaces as grouping", () => {
    expect(parseAmount("1.234,5", 2)).toBe(123450);
    expect(parseAmount("1,234.5", 2)).toBe(123450);
    expect(parseAmount("1 234,50", 2)).toBe(123450);
    expect(parseAmount("1\u00a0234", 2)).toBe(123400);
    expect(parseAmount("1'234.50", 2)).toBe(123450);
  });

  it("refuses more fraction digits than the currency has, and anything not a number", () => {
    expect(parseAmount("10.505", 2)).toBeNaN();
    expect(parseAmount("10.5", 0)).toBeNaN();
    expect(parseAmount("1,2,3", 2)).toBeNaN();
    expect(parseAmount("-5", 2)).toBeNaN();
    expect(parseAmount("5e3", 2)).toBeNaN();
    expect(parseAmount("€5", 2)).toBeNaN();
  });
});
