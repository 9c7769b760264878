import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { allowedMethods, ROUTE_METHODS } from "./route-methods";

const ROOT = path.resolve(import.meta.dirname, "../..");
const METHOD_EXPORT = /^export (?:const|(?:async )?function) (GET|HEAD|OPTIONS|POST|PUT|PATCH|DELETE)\b/gm;

/** Each app/**\/route.ts as its URL pattern, with the methods it exports. */
function routeFiles(): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const file of fs.readdirSync(path.join(ROOT, "app"), { recursive: true, encoding: "utf8" })) {
    if (path.basename(file) !== "route.ts") continue;
    const pattern = `/${path.dirname(file).split(path.sep).filter((s) => !/^\(.*\)$/.test(s)).join("/")}`;
    const source = fs.readFileSync(path.join(ROOT, "app", file), "utf8");
    found[pattern] = [...source.matchAll(METHOD_EXPORT)].map((m) => m[1]!).sort();
  }
  return found;
}

describe("ROUTE_METHODS", () => {
  it("lists every route handler with exactly its exported methods; unlisted ones export GET alone", () => {
    const files = routeFiles();
    for (const [pattern, methods] of Object.entries(files)) {
      expect(ROUTE_METHODS[pattern] ?? ["GET"], pattern).toEqual(methods);
    }
    for (const pattern of Object.keys(ROUTE_METHODS)) expect(files[pattern], pattern).toBeDefined();
  });
});

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
