import { describe, expect, it } from "vitest";
import { SLUG_PATTERN } from "@/lib/lifecycle/schemas";
import { slugify } from "./slugify";

describe("slugify", () => {
  it("folds accents and joins words with single hyphens", () => {
    expect(slugify("Société d'Entraide")).toBe("societe-d-entraide");
    expect(slugify("  Øresund -- Æble  ")).toBe("oresund-aeble");
  });

  it("cut to a length, never ends in a hyphen", () => {
    const name = `${"a".repeat(79)} tail`;
    expect(slugify(name, 80)).toBe("a".repeat(79));
    expect(slugify(`${"b".repeat(79)} & more`, 80)).toBe("b".repeat(79));
    for (let words = 1; words < 40; words++) {
      const slug = slugify(Array.from({ length: words }, (_, i) => "w".repeat(i % 7 + 1)).join(" "), 80);
      expect(slug.length).toBeLessThanOrEqual(80);
      expect(slug).toMatch(SLUG_PATTERN);
    }
  });
});
