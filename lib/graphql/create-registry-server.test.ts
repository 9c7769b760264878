// The protections, against the server itself: each of these refusals happens before any
// resolver runs, so no database is needed. (tests/integration/graphql*.test.ts repeat the
// important ones over HTTP.)
import { getIntrospectionQuery, parse, validate } from "graphql";
import { createHash } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createRegistryServer, MAX_TOKENS } from "./create-registry-server";
import { armor, MAX_ALIASES, MAX_DEPTH, MAX_DIRECTIVES } from "./armor";
import { registrySchema } from "./schema";

const server = createRegistryServer();
afterAll(() => server.stop());

async function run(query: string, variables?: Record<string, unknown>) {
  const response = await server.executeOperation({ query, variables }, { contextValue: { tier: "public" } });
  if (response.body.kind !== "single") throw new Error("expected a single result");
  return { status: response.http.status ?? 200, ...response.body.singleResult };
}

describe("the registry GraphQL server", () => {
  it("answers introspection and the sector list without a database", async () => {
    const { status, data } = await run(`{ __schema { queryType { name } } sectors { id name } }`);
    expect(status).toBe(200);
    expect(data).toMatchObject({ __schema: { queryType: { name: "Query" } }, sectors: expect.arrayContaining([{ id: "health", name: "Health" }]) });
  });

  it("lets the deepest and the largest real queries through every limit", () => {
    const deepest = `{ ngos_page(limit: 100) { entries { trust { components { source } } } next_cursor } }`;
    const aliased = Array.from({ length: MAX_ALIASES }, (_, i) => `s${i}: ngos(limit: 5) { name }`).join(" ");
    for (const query of [deepest, `{ ${aliased} }`, getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true })]) {
      expect(validate(registrySchema, parse(query, { maxTokens: MAX_TOKENS }), armor.validationRules)).toEqual([]);
    }
  });

  it("refuses a query deeper than the limit with QUERY_TOO_DEEP", async () => {
    // The schema's own types nest 5 deep at most; introspection's ofType chains go further.
    const deep = `{ __type(name: "Ngo") { fields { type { ${"ofType { ".repeat(6)} name ${"} ".repeat(6)} } } } }`;
    const { status, errors } = await run(deep);
    expect(status).toBe(400);
    expect(errors?.[0]?.extensions?.code).toBe("QUERY_TOO_DEEP");
    expect(errors?.[0]?.message).toContain(`limit of ${MAX_DEPTH}`);
  });

  it("refuses too many aliases with TOO_MANY_ALIASES", async () => {
    const aliases = Array.from({ length: MAX_ALIASES + 1 }, (_, i) => `s${i}: sectors { id }`).join(" ");
    const { status, errors } = await run(`{ ${aliases} }`);
    expect(status).toBe(400);
    expect(errors?.[0]?.extensions?.code).toBe("TOO_MANY_ALIASES");
  });

  it("refuses too many directives with TOO_MANY_DIRECTIVES", async () => {
    const { status, errors } = await run(`{ sectors { ${"id @include(if: true) ".repeat(MAX_DIRECTIVES + 1)} } }`);
    expect(status).toBe(400);
    expect(errors?.[0]?.extensions?.code).toBe("TOO_MANY_DIRECTIVES");
  });

  it("refuses a query whose lists multiply past the cost limit with QUERY_TOO_COSTLY", async () => {
    const fields = "name slug city country website description trust_score verified_at sector state";
    const { status, errors } = await run(`{ a: ngos(limit: 100) { ${fields} } b: ngos(limit: 100) { ${fields} } c: ngos(limit: 100) { ${fields} } d: ngos(limit: 100) { ${fields} } e: ngos(limit: 100) { ${fields} } f: ngos(limit: 100) { ${fields} } g: ngos(limit: 100) { ${fields} } h: ngos(limit: 100) { ${fields} } i: ngos(limit: 100) { ${fields} } j: ngos(limit: 100) { ${fields} } }`);
    expect(status).toBe(400);
    expect(errors?.[0]?.extensions?.code).toBe("QUERY_TOO_COSTLY");
    const viaVariable = await run(`query($n: Int) { a: ngos(limit: $n) { ${fields} } b: ngos(limit: $n) { ${fields} } c: ngos(limit: $n) { ${fields} } d: ngos(limit: $n) { ${fields} } e: ngos(limit: $n) { ${fields} } f: ngos(limit: $n) { ${fields} } g: ngos(limit: $n) { ${fields} } h: ngos(limit: $n) { ${fields} } i: ngos(limit: $n) { ${fields} } j: ngos(limit: $n) { ${fields} } }`, { n: 100 });
    expect(viaVariable.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_COSTLY");
  });

  it("refuses a document over the token limit while parsing", async () => {
    const { status, errors } = await run(`{ sectors { ${"id ".repeat(MAX_TOKENS)} } }`);
    expect(status).toBe(400);
    expect(errors?.[0]?.extensions?.code).toBe("GRAPHQL_PARSE_FAILED");
  });

  it("refuses introspection that nests types inside types", async () => {
    const { status, errors } = await run(`{ __schema { types { fields { type { fields { type { fields { type { fields { name } } } } } } } } } }`);
    expect(status).toBe(400);
    expect(errors?.[0]?.extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
  });

  it("has no mutations: refused as invalid, not failed as internal", async () => {
    const { status, errors } = await run(`mutation { deleteEverything }`);
    expect(status).toBe(400);
    expect(errors?.[0]).toMatchObject({ extensions: { code: "GRAPHQL_VALIDATION_FAILED" }, message: expect.stringContaining("read-only") });
  });

  it("suggests no field names and shows no stack", async () => {
    const { status, errors } = await run(`{ ngoss { nam } }`);
    expect(status).toBe(400);
    expect(JSON.stringify(errors)).not.toMatch(/Did you mean|stacktrace|\.ts:\d+/);
  });

  it("refuses a persisted query whose hash is not the query's with its own code, and logs no error", async () => {
    const errorLines = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const query = `{ sectors { id } }`;
      const answer = async (persistedQuery: Record<string, unknown>) => {
        const response = await server.executeOperation({ query, extensions: { persistedQuery } }, { contextValue: { tier: "public" } });
        if (response.body.kind !== "single") throw new Error("expected a single result");
        return { status: response.http.status, errors: response.body.singleResult.errors };
      };
      const mismatch = await answer({ version: 1, sha256Hash: "0".repeat(64) });
      expect(mismatch.status).toBe(400);
      expect(mismatch.errors).toEqual([{ message: expect.stringContaining("sha256Hash"), extensions: { code: "PERSISTED_QUERY_HASH_MISMATCH" } }]);
      const version = await answer({ version: 2, sha256Hash: "0".repeat(64) });
      expect(version.status).toBe(400);
      expect(version.errors?.[0]?.extensions?.code).toBe("PERSISTED_QUERY_VERSION_NOT_SUPPORTED");
      expect(errorLines).not.toHaveBeenCalled();
      const matching = await answer({ version: 1, sha256Hash: createHash("sha256").update(query).digest("hex") });
      expect(matching).toMatchObject({ errors: undefined });
    } finally {
      errorLines.mockRestore();
    }
  });
});
