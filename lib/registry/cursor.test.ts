import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { decodeCursor, encodeCursor, queryFingerprint } from "./cursor";

const print = queryFingerprint(["public", "-trust_score", undefined]);

function reason(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof ApiError ? error.extras.errors?.[0]?.reason : "not an ApiError";
  }
  return undefined;
}

describe("cursors", () => {
  it("round-trip the position of the last entry", () => {
    for (const value of [87, 0.06079271, "Société d'Entraide", null, "2026-01-02T03:04:05.678Z"]) {
      const kind = typeof value === "number" ? "number" : value === null || value.startsWith("2026") ? "date" : "string";
      const text = encodeCursor({ value, id: "ngo_abc" }, print);
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCursor(text, print, kind)).toEqual({ value, id: "ngo_abc" });
    }
  });

  it("refuse a cursor of another query", () => {
    const text = encodeCursor({ value: 87, id: "ngo_abc" }, print);
    expect(reason(() => decodeCursor(text, queryFingerprint(["public", "name"]), "number"))).toMatch(/other filters/);
  });

  it("refuse garbage and forged values with a 400 naming the cursor", () => {
    const forged = (value: unknown, id: unknown = "ngo_abc") => Buffer.from(JSON.stringify([print, value, id])).toString("base64url");
    for (const text of ["%%%", "e30", forged("87"), forged(87, 5), forged({}), forged(87, ""), forged(null)]) {
      expect(reason(() => decodeCursor(text, print, "number"))).toBeDefined();
    }
    expect(reason(() => decodeCursor(forged("not a date"), print, "date"))).toBe("is not a valid cursor");
    expect(reason(() => decodeCursor(forged(1), print, "string"))).toBe("is not a valid cursor");
  });
});
