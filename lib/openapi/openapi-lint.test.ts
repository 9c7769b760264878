// The OpenAPI document passes Redocly's recommended rules: no error and no warning, except the
// ones listed below with the reason each does not apply to this service.
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./build-openapi-document";

const EXPLAINED: { rule: string; pointer: string; why: string }[] = [
  {
    rule: "info-license",
    pointer: "#/info",
    why: "The service is not published under a licence (package.json: UNLICENSED); naming one would be untrue.",
  },
  {
    rule: "operation-4xx-response",
    pointer: "#/paths/~1api~1health~1live/get/responses",
    why: "Liveness takes no input, needs no key and is never rate limited: it has no client error to document.",
  },
];

describe("the OpenAPI document under Redocly's recommended rules", () => {
  it("has no errors and no unexplained warnings", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: JSON.stringify(buildOpenApiDocument()), absoluteRef: "openapi.json", config });
    const found = problems
      .filter((p) => !EXPLAINED.some((e) => e.rule === p.ruleId && p.location.some((l) => l.pointer === e.pointer)))
      .map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(found).toEqual([]);
  });

  it("explains only warnings that still occur", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: JSON.stringify(buildOpenApiDocument()), absoluteRef: "openapi.json", config });
    for (const explained of EXPLAINED) {
      expect(problems.some((p) => p.ruleId === explained.rule && p.location.some((l) => l.pointer === explained.pointer))).toBe(true);
    }
  });
});
