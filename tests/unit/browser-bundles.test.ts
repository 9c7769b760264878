// The bundles of browser/ (scripts/build-browser.ts, run by this project's setup): small, one
// self-contained function each, nothing that could end the page the widget's is inlined in.
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { EMBED_LOADER_VERSION } from "@/lib/embed/embed-loader-version";
import { EMBED_LOADER_SCRIPT } from "@/lib/generated-browser/embed-loader";
import { EXPLORER_SCRIPT } from "@/lib/generated-browser/explorer";
import { WIDGET_SCRIPT } from "@/lib/generated-browser/widget";

const gzip = (text: string) => gzipSync(text, { level: 9 }).length;

describe("the browser bundles", () => {
  it.each([
    ["/explorer.js", EXPLORER_SCRIPT],
    ["/embed.js", EMBED_LOADER_SCRIPT],
    ["the widget's script", WIDGET_SCRIPT],
  ])("%s is one function that imports and evaluates nothing", (_, script) => {
    expect(script).toMatch(/^(\/\*![^\n]*\*\/\n)?"use strict";\(\(\)=>\{.*\}\)\(\);$/s);
    expect(script).not.toMatch(/\brequire\(|\bimport\s*[({"'*]|\beval\(|new Function\(/);
    expect(script).not.toMatch(/<\/script|<!--/i);
  });

  it("keep /explorer.js and /embed.js under 5 KB before compression, and name the loader's version", () => {
    expect(Buffer.byteLength(EXPLORER_SCRIPT)).toBeLessThanOrEqual(5_120);
    expect(Buffer.byteLength(EMBED_LOADER_SCRIPT)).toBeLessThanOrEqual(5_120);
    expect(EMBED_LOADER_SCRIPT.split("\n")[0]).toBe(`/*! Trust Registry embed.js ${EMBED_LOADER_VERSION} */`);
  });

  // The page's weight against its floor is the benchmark's target (bench/run.ts); this catches a
  // dependency pulled in by mistake long before.
  it("keeps the widget's script under 5 KB compressed", () => {
    expect(gzip(WIDGET_SCRIPT)).toBeLessThanOrEqual(5_120);
  });
});
