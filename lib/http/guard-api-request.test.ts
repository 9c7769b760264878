// proxy.ts's guard puts a deprecation on the answer: a temporary entry in the table is enough.
import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { guardApiRequest } from "./guard-api-request";

vi.mock("@/lib/http/deprecations", () => ({
  DEPRECATIONS: [
    { route: "/api/health/live", method: "GET", deprecatedOn: "2027-01-15", sunsetOn: "2027-07-15", link: "https://registry.example/docs/deprecation#live" },
  ],
}));

describe("guardApiRequest", () => {
  it("sends Deprecation, Sunset and Link with every answer of a deprecated operation", async () => {
    const response = await guardApiRequest(new NextRequest("http://localhost/api/health/live"));
    expect(response.headers.get("deprecation")).toBe("@1799971200");
    expect(response.headers.get("sunset")).toBe("Thu, 15 Jul 2027 00:00:00 GMT");
    expect(response.headers.get("link")).toBe('<https://registry.example/docs/deprecation#live>; rel="deprecation"; type="text/html"');
    // Browsers may read them from any origin, like the other API headers.
    expect(response.headers.get("access-control-expose-headers")).toMatch(/\bDeprecation, Sunset, Link\b/);
  });
});
