import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAGE_ROUTES, routePattern, UNMATCHED_ROUTE } from "./route-pattern";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Each page of both routers as its URL pattern. */
function pageFiles(): string[] {
  const app = fs
    .readdirSync(path.join(ROOT, "app"), { recursive: true, encoding: "utf8" })
    .filter((f) => path.basename(f) === "page.tsx")
    .map((f) => `/${path.dirname(f).split(path.sep).filter((s) => s !== "." && !/^\(.*\)$/.test(s)).join("/")}`);
  const pages = fs
    .readdirSync(path.join(ROOT, "pages"), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx$/.test(f) && !/^_|^(404|500)\.tsx$/.test(path.basename(f)))
    .map((f) => `/${f.replace(/\.tsx$/, "").replace(/(^|\/)index$/, "")}`);
  return [...app, ...pages];
}

describe("routePattern", () => {
  it("knows every page", () => {
    for (const page of pageFiles()) expect(PAGE_ROUTES as readonly string[], page).toContain(page);
  });

  it("names the route, never the path's values", () => {
    expect(routePattern("/api/registry/ngos/some-slug")).toBe("/api/registry/ngos/[slug]");
    expect(routePattern("/api/v1/embed/donation/intent/di_123/confirm")).toBe("/api/v1/embed/donation/intent/[id]/confirm");
    expect(routePattern("/api/registry/ngos")).toBe("/api/registry/ngos");
    expect(routePattern("/api/anything/else")).toBe("/api/[...path]");
    expect(routePattern("/")).toBe("/");
    expect(routePattern("/ngos/x")).toBe("/ngos/[slug]");
    expect(routePattern("/_next/static/chunks/a.js")).toBe("/_next/static/[...path]");
    expect(routePattern("/no/such/page")).toBe(UNMATCHED_ROUTE);
    expect(routePattern("/ngos/x/y")).toBe(UNMATCHED_ROUTE);
  });
});
