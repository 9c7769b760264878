import { describe, expect, it } from "vitest";
import { TakenTexts } from "./taken-texts";

describe("TakenTexts", () => {
  it("finds every text added, past many times its first size, and none that was not", () => {
    const taken = new TakenTexts();
    const count = 300_000; // the table starts with 65,536 slots and doubles at half full
    for (let i = 0; i < count; i++) expect(taken.add(`slug-${i}`)).toBe(true);
    expect(taken.size).toBe(count);
    for (let i = 0; i < count; i++) {
      if (!taken.has(`slug-${i}`)) throw new Error(`slug-${i} was added but is not found`);
      if (taken.has(`slug-${i}x`) || taken.has(`gulp-${i}`)) throw new Error(`a text near slug-${i} is found, never added`);
    }
  });

  it("refuses a second add of the same text, and tells texts apart by every code unit", () => {
    const taken = new TakenTexts();
    for (const text of ["", "a", "ab", "ba", "é", "e\u0301", "\u{1F600}", "PL-KRS-0000000001", "PL-KRS-0000000010"]) {
      expect(taken.add(text)).toBe(true);
      expect(taken.add(text)).toBe(false);
    }
    expect(taken.size).toBe(9);
    expect(taken.has("b")).toBe(false);
    expect(taken.has("PL-KRS-0000000100")).toBe(false);
  });
});
