// The deprecation policy (docs/deprecation.md), checked on every entry of the table.
import { describe, expect, it } from "vitest";
import { DEPRECATIONS, type Deprecation } from "./deprecations";
import { ROUTE_MANIFEST } from "./route-manifest";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What is wrong with an entry, by the policy; empty when nothing is. */
function policyViolations(entry: Deprecation): string[] {
  const wrong: string[] = [];
  if (!(entry.method in (ROUTE_MANIFEST[entry.route] ?? {}))) wrong.push(`${entry.method} ${entry.route} is not a route of the API`);
  if (!DAY.test(entry.deprecatedOn) || Number.isNaN(Date.parse(entry.deprecatedOn))) wrong.push("deprecatedOn is not a day YYYY-MM-DD");
  if (!DAY.test(entry.sunsetOn) || Number.isNaN(Date.parse(entry.sunsetOn))) wrong.push("sunsetOn is not a day YYYY-MM-DD");
  const earliest = new Date(`${entry.deprecatedOn}T00:00:00Z`);
  earliest.setUTCMonth(earliest.getUTCMonth() + 6);
  if (new Date(`${entry.sunsetOn}T00:00:00Z`) < earliest) wrong.push("sunsetOn is less than six months after deprecatedOn");
  if (!/^https:\/\/\S+$/.test(entry.link)) wrong.push("link is not an absolute https URL");
  return wrong;
}

describe("DEPRECATIONS", () => {
  it("keeps the policy: real routes, six months or more before the sunset, a public notice", () => {
    for (const entry of DEPRECATIONS) expect(policyViolations(entry), `${entry.method} ${entry.route}`).toEqual([]);
  });

  it("the policy check refuses what the policy forbids", () => {
    const good: Deprecation = { route: "/api/v1/keys/[id]", method: "DELETE", deprecatedOn: "2027-01-31", sunsetOn: "2027-07-31", link: "https://x.example/d" };
    expect(policyViolations(good)).toEqual([]);
    expect(policyViolations({ ...good, method: "PATCH" })).toEqual(["PATCH /api/v1/keys/[id] is not a route of the API"]);
    expect(policyViolations({ ...good, sunsetOn: "2027-07-30" })).toEqual(["sunsetOn is less than six months after deprecatedOn"]);
    expect(policyViolations({ ...good, link: "/docs/deprecation" })).toEqual(["link is not an absolute https URL"]);
    expect(policyViolations({ ...good, deprecatedOn: "31.01.2027" })).toContain("deprecatedOn is not a day YYYY-MM-DD");
  });
});
