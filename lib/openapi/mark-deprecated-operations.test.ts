import { describe, expect, it } from "vitest";
import { DEPRECATIONS } from "@/lib/http/deprecations";
import { buildOpenApiDocument } from "./build-openapi-document";
import { markDeprecatedOperations } from "./mark-deprecated-operations";

describe("markDeprecatedOperations", () => {
  it("marks the operations the table names, and no other", () => {
    const paths = {
      "/api/v1/keys/{id}": { get: { operationId: "getApiKey", description: "One key." }, delete: { operationId: "revokeApiKey" } },
      "/api/v1/keys": { get: { operationId: "listApiKeys" } },
    };
    const marked = markDeprecatedOperations(paths, [
      { route: "/api/v1/keys/[id]", method: "GET", deprecatedOn: "2027-01-15", sunsetOn: "2027-07-15", link: "https://x.example/d" },
    ]);
    expect(marked["/api/v1/keys/{id}"]!.get).toEqual({
      operationId: "getApiKey",
      deprecated: true,
      description: "One key.\n\nDeprecated since 2027-01-15; may stop answering after 2027-07-15. See https://x.example/d.",
    });
    expect(marked["/api/v1/keys/{id}"]!.delete).toEqual({ operationId: "revokeApiKey" });
    expect(marked["/api/v1/keys"]).toEqual(paths["/api/v1/keys"]);
  });

  it("the served document marks exactly the table's operations (none today)", () => {
    const paths = buildOpenApiDocument().paths as Record<string, Record<string, { deprecated?: boolean }>>;
    const marked = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item).filter(([, operation]) => operation.deprecated).map(([method]) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, "[$1]")}`),
    );
    expect(marked.sort()).toEqual(DEPRECATIONS.map((d) => `${d.method} ${d.route}`).sort());
  });
});
