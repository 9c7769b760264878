import { describe, expect, it } from "vitest";
import { componentJson, stateChangeJson } from "./details-json";

// The details' JSON is put together by hand where no string needs escaping; it must read exactly
// as JSON.stringify writes the same objects, whatever the strings hold.
const AWKWARD = ["plain", 'quote " inside', "back\\slash", "tab\tand\nnewline", "\u0000", "é and 漢字", "emoji 😀", "lone \ud800", ""];

describe("componentJson and stateChangeJson", () => {
  it("writes each object as JSON.stringify does, for any text", () => {
    for (const text of AWKWARD) {
      expect(componentJson("governance", 71, 20, "2026-01-02", text)).toBe(
        JSON.stringify({ component: "governance", score: 71, weight: 20, evidence_date: "2026-01-02", source: text }),
      );
      for (const from of [null, "draft"] as const) {
        expect(stateChangeJson(from, "pending_review", text, text, "2026-01-02T03:04:05.000Z")).toBe(
          JSON.stringify({ from, to: "pending_review", actor: text, reason: text, at: "2026-01-02T03:04:05.000Z" }),
        );
      }
    }
    expect(componentJson("governance", Number.NaN, 20, "2026-01-02", "x")).toBe(
      JSON.stringify({ component: "governance", score: Number.NaN, weight: 20, evidence_date: "2026-01-02", source: "x" }),
    );
  });
});
