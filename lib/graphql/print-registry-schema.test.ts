import fs from "node:fs";
import path from "node:path";
import { buildSchema, printSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { printRegistrySchema } from "./print-registry-schema";

describe("schema.graphql", () => {
  it("is the schema the code serves (run npm run schema:export when this fails)", () => {
    const committed = fs.readFileSync(path.join(process.cwd(), "schema.graphql"), "utf8");
    expect(committed).toBe(printRegistrySchema());
  });

  it("is valid SDL that prints back to itself", () => {
    const sdl = printRegistrySchema();
    expect(`${printSchema(buildSchema(sdl))}\n`).toBe(sdl);
  });
});
