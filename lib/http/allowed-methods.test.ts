import { describe, expect, it } from "vitest";
import { allowedMethods } from "./allowed-methods";

describe("allowedMethods", () => {
  it("matches static segments before dynamic ones, and the catch-all last", () => {
    expect(allowedMethods("/api/health/live")).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(allowedMethods("/api/v1/ngos")).toEqual(["OPTIONS", "POST"]);
    expect(allowedMethods("/api/v1/ngos/")).toEqual(["OPTIONS", "POST"]);
    expect(allowedMethods("/api/v1/ngos/some-slug")).toEqual(["GET", "HEAD", "OPTIONS", "PATCH"]);
    expect(allowedMethods("/api/v1/ngos/some-slug/transitions")).toEqual(["OPTIONS", "POST"]);
    expect(allowedMethods("/api/v1/embed/donation/intent")).toEqual(["OPTIONS", "POST"]);
    expect(allowedMethods("/api/v1/embed/donation/intent/di_1")).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(allowedMethods("/api/nothing/here")).toEqual(["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"]);
  });

  it("gives pages, scripts and unknown paths GET, HEAD and OPTIONS", () => {
    for (const page of ["/", "/ngos/x", "/docs", "/embed.js", "/embed/donate/x", "/_next/static/a.js", "/public/api/nope"]) {
      expect(allowedMethods(page), page).toEqual(["GET", "HEAD", "OPTIONS"]);
    }
  });
});
