import { describe, expect, it } from "vitest";
import { failureText } from "./failure-text";

describe("failureText", () => {
  it("says what a known failure means, and names any other", () => {
    expect(failureText("insufficient_funds")).toBe("The card has insufficient funds.");
    expect(failureText("canceled")).toBe("The donation did not go through (canceled).");
    expect(failureText("constructor")).toBe("The donation did not go through (constructor).");
  });
});
