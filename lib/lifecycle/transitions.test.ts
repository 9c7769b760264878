import { describe, expect, it } from "vitest";
import { NGO_STATES } from "@/lib/tiers";
import { isLegalTransition, REASON_REQUIRED } from "./transitions";

// docs/concepts.md#ngo-states-and-their-transitions, written out as pairs so that the table in
// transitions.ts is checked against the documented rules, not against itself.
const LEGAL = new Set([
  "draft>pending_review",
  "pending_review>verified",
  "pending_review>draft",
  "verified>suspended",
  "suspended>verified",
  "suspended>revoked",
  "verified>revoked",
  "revoked>pending_review",
  "verified>archived",
  "suspended>archived",
  "revoked>archived",
]);

describe("the lifecycle table", () => {
  for (const from of NGO_STATES) {
    for (const to of NGO_STATES) {
      const legal = LEGAL.has(`${from}>${to}`);
      it(`${legal ? "allows" : "refuses"} ${from} → ${to}`, () => {
        expect(isLegalTransition(from, to)).toBe(legal);
      });
    }
  }

  it("asks for a reason exactly for the moves that take something away", () => {
    expect([...REASON_REQUIRED].sort()).toEqual(["archived", "revoked", "suspended"]);
  });
});
