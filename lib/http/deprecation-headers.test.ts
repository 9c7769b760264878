import { describe, expect, it } from "vitest";
import { deprecationHeaders } from "./deprecation-headers";
import type { Deprecation } from "./deprecations";

const TABLE: Deprecation[] = [
  {
    route: "/api/registry/ngos/[slug]",
    method: "GET",
    deprecatedOn: "2027-01-15",
    sunsetOn: "2027-07-15",
    link: "https://registry.example/docs/deprecation#ngo-by-slug",
  },
];

describe("deprecationHeaders", () => {
  it("announces a deprecated route and method: Deprecation as @seconds, Sunset as an HTTP-date, a deprecation Link", () => {
    expect(deprecationHeaders("GET", "/api/registry/ngos/demo-water-trust", TABLE)).toEqual({
      Deprecation: "@1799971200",
      Sunset: "Thu, 15 Jul 2027 00:00:00 GMT",
      Link: '<https://registry.example/docs/deprecation#ngo-by-slug>; rel="deprecation"; type="text/html"',
    });
    expect(new Date(1799971200 * 1000).toISOString()).toBe("2027-01-15T00:00:00.000Z");
  });

  it("covers HEAD with GET, and nothing else: another method, another route, the route's own sub-routes", () => {
    expect(deprecationHeaders("HEAD", "/api/registry/ngos/x", TABLE)).toHaveProperty("Deprecation");
    expect(deprecationHeaders("POST", "/api/registry/ngos/x", TABLE)).toEqual({});
    expect(deprecationHeaders("GET", "/api/registry/ngos", TABLE)).toEqual({});
    expect(deprecationHeaders("GET", "/api/v1/ngos/x", TABLE)).toEqual({});
    expect(deprecationHeaders("GET", "/api/registry/ngos/x/more", TABLE)).toEqual({});
  });

  it("announces nothing today: no operation is deprecated", () => {
    expect(deprecationHeaders("GET", "/api/registry/ngos/demo-water-trust")).toEqual({});
    expect(deprecationHeaders("GET", "/api/registry/ngos")).toEqual({});
    expect(deprecationHeaders("POST", "/api/registry/graphql")).toEqual({});
  });
});
