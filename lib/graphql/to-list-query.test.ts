import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { toListQuery } from "./to-list-query";

function errorsOf(args: Parameters<typeof toListQuery>[0]) {
  try {
    toListQuery(args);
  } catch (error) {
    if (error instanceof ApiError) return error.extras.errors;
    throw error;
  }
  throw new Error("expected the arguments to be refused");
}

describe("GraphQL arguments as a registry list query", () => {
  it("means what the same REST parameters mean", () => {
    expect(
      toListQuery({ sector: "Health,education", state: ["verified", "suspended"], country: "br", search: " São Paulo ", min_trust_score: 70, sort: "-name", limit: 5, after: "abc" }),
    ).toEqual({
      sector: ["health", "education"],
      state: ["verified", "suspended"],
      country: ["BR"],
      q: "São Paulo",
      min_trust_score: 70,
      sort: "-name",
      limit: 5,
      cursor: "abc",
    });
    expect(toListQuery({})).toEqual({});
    expect(toListQuery({ sector: null, limit: null })).toEqual({});
  });

  it("refuses what REST refuses, naming the parameter", () => {
    expect(errorsOf({ limit: 0 })).toEqual([{ name: "limit", reason: "must be an integer from 1 to 100" }]);
    expect(errorsOf({ limit: 101 })?.[0]?.name).toBe("limit");
    expect(errorsOf({ limit: -2147483648 })?.[0]?.name).toBe("limit");
    expect(errorsOf({ min_trust_score: 101 })?.[0]?.name).toBe("min_trust_score");
    expect(errorsOf({ sector: "astrology" })?.[0]?.name).toBe("sector");
    expect(errorsOf({ sector: "" })?.[0]?.name).toBe("sector");
    expect(errorsOf({ state: [] })?.[0]?.name).toBe("state");
    expect(errorsOf({ country: "BRA" })?.[0]?.name).toBe("country");
    expect(errorsOf({ search: "  " })?.[0]?.name).toBe("q");
    expect(errorsOf({ after: "x".repeat(3000) })?.[0]?.name).toBe("cursor");
  });
});
