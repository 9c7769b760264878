import { describe, expect, it } from "vitest";
import { searchHref } from "./search-href";

describe("searchHref", () => {
  it("keeps the filled fields, trimmed, in the form's order", () => {
    expect(searchHref([["q", "  clean water "], ["sector", "water_sanitation"], ["country", ""]])).toBe("/?q=clean+water&sector=water_sanitation");
  });

  it("is the explorer's root for an empty form, and ignores files", () => {
    expect(searchHref([["q", "   "]])).toBe("/");
    expect(searchHref([["q", new File(["x"], "x.txt")]])).toBe("/");
  });

  it("reads a FormData as the browser builds it", () => {
    const data = new FormData();
    data.append("q", "trust");
    data.append("state", "verified");
    expect(searchHref(data)).toBe("/?q=trust&state=verified");
  });
});
