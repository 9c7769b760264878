// .env.example is the operator's list of settings: it must name every variable the configuration
// reads, so a setting added to lib/config.ts without a line there fails here.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES } from "@/lib/config";
import { ROOT } from "../support/root";

const text = fs.readFileSync(path.join(ROOT, ".env.example"), "utf8");
// Every setting is a commented-out assignment, `# NAME=value`, after the comment that explains it.
const named = new Set([...text.matchAll(/^#\s?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));

describe(".env.example", () => {
  it("names every variable lib/config.ts reads", () => {
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(20);
    expect(CONFIG_VARIABLES.filter((name) => !named.has(name))).toEqual([]);
  });

  it("also names the variables read outside lib/config.ts: the migrations' direct URL and the OTLP endpoint", () => {
    expect(named).toContain("DIRECT_DATABASE_URL");
    expect(named).toContain("OTEL_EXPORTER_OTLP_ENDPOINT");
  });

  it("sets nothing when copied as it is: every assignment is commented out", () => {
    expect(text.split("\n").filter((line) => /^\s*[A-Z][A-Z0-9_]*=/.test(line))).toEqual([]);
  });

  it("says for each variable what its default is", () => {
    // The comment block above each run of assignments mentions a default.
    const blocks = text.split(/\n\s*\n/).filter((block) => /^#\s?[A-Z][A-Z0-9_]*=/m.test(block));
    expect(blocks.filter((block) => !/default/i.test(block))).toEqual([]);
  });
});
