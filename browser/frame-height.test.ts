import { describe, expect, it } from "vitest";
import { frameHeight } from "./frame-height";

describe("frameHeight", () => {
  it("takes a positive number of pixels below 5000, rounded up", () => {
    expect(frameHeight(612.2)).toBe("613px");
    expect(frameHeight(1)).toBe("1px");
  });

  it("leaves the frame alone for anything else", () => {
    for (const height of [0, -10, 5000, 1e9, NaN, "600", null, undefined, { valueOf: () => 600 }]) expect(frameHeight(height)).toBeNull();
  });
});
