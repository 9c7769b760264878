import { describe, expect, it } from "vitest";
import { routeMatcher } from "./match-route";

describe("routeMatcher", () => {
  const match = routeMatcher(["/api/[...path]", "/api/ngos/[slug]", "/api/ngos/export", "/api/[area]/[slug]", "/docs", "/", "/api/[x]/export"]);

  it("prefers static segments to dynamic ones, and dynamic ones to a catch-all, in any order given", () => {
    expect(match("/api/ngos/export")).toBe("/api/ngos/export");
    expect(match("/api/ngos/red-cross")).toBe("/api/ngos/[slug]");
    expect(match("/api/keys/k_1")).toBe("/api/[area]/[slug]");
    expect(match("/api/keys/k_1/rotate")).toBe("/api/[...path]");
  });

  it("takes the more specific of two dynamic patterns, else the first listed", () => {
    expect(match("/api/keys/export")).toBe("/api/[x]/export");
    expect(routeMatcher(["/api/[area]/[slug]", "/api/[a]/[b]"])("/api/keys/k_1")).toBe("/api/[area]/[slug]");
    expect(routeMatcher(["/api/[a]/[b]", "/api/[area]/[slug]"])("/api/keys/k_1")).toBe("/api/[a]/[b]");
  });

  it("needs a segment for a catch-all, ignores trailing slashes, and matches the root", () => {
    expect(match("/api")).toBeUndefined();
    expect(match("/api/")).toBeUndefined();
    expect(match("/docs/")).toBe("/docs");
    expect(match("/")).toBe("/");
    expect(match("/docs/x")).toBeUndefined();
    expect(match("/nothing")).toBeUndefined();
  });

  it("answers each path for itself when paths alternate", () => {
    for (let i = 0; i < 3; i++) {
      expect(match("/api/ngos/a")).toBe("/api/ngos/[slug]");
      expect(match("/api/ngos/a")).toBe("/api/ngos/[slug]");
      expect(match("/nothing")).toBeUndefined();
      expect(match("/nothing")).toBeUndefined();
      expect(match("/docs")).toBe("/docs");
    }
  });
});
