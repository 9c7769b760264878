import { GraphQLError } from "graphql";
import { describe, expect, it } from "vitest";
import { createContext } from "./context";

const request = (headers: Record<string, string> = {}) => new Request("http://registry.test/api/registry/graphql", { headers });

describe("GraphQL context", () => {
  it("reads as public without a key", async () => {
    expect(await createContext(request())).toEqual({ tier: "public" });
  });

  it("ignores identity-like headers: only a key sets the tier", async () => {
    expect(await createContext(request({ "x-trust-registry-identity": "b3BlcmF0b3I", "x-api-tier": "operator" }))).toEqual({ tier: "public" });
  });

  it("refuses a key that does not verify with its HTTP status, never as public", async () => {
    for (const authorization of ["Basic dXNlcjpwYXNz", "Bearer tr_sk_nonsense"]) {
      const refusal = await createContext(request({ authorization })).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(GraphQLError);
      expect((refusal as GraphQLError).extensions).toEqual({ code: "UNAUTHORIZED", http: { status: 401 } });
    }
  });
});
