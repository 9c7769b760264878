// Each field is described once, by its zod schema: GraphQL and the OpenAPI document say the same.
import { type GraphQLObjectType } from "graphql";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { ngoEntrySchema } from "@/lib/registry/entry-schema";
import { registryStatsSchema } from "@/lib/registry/response-schemas";
import { listQuerySchema } from "@/lib/registry/schemas";
import { NGO_FIELD_TIERS, type NgoField } from "@/lib/tiers";
import { descriptionOf } from "./description-of";
import { registrySchema } from "./schema";

const type = (name: string) => registrySchema.getType(name) as GraphQLObjectType;

describe("GraphQL descriptions", () => {
  it("are the zod schemas', with what null means in GraphQL after a tier sentence", () => {
    for (const field of Object.keys(NGO_FIELD_TIERS) as NgoField[]) {
      const description = type("Ngo").getFields()[field]?.description;
      const zod = descriptionOf(ngoEntrySchema.shape[field]);
      expect(description?.slice(0, zod.length), field).toBe(zod);
      expect(description?.includes("extensions.redacted"), field).toBe(NGO_FIELD_TIERS[field] !== "public");
    }
    expect(type("Ngo").getFields().legal_name?.description).toBe(
      "The registered legal name. Partner tier and above. Null for public callers, and named in extensions.redacted.",
    );
    expect(type("RegistryStats").getFields().by_country?.description).toBe(descriptionOf(registryStatsSchema.shape.by_country));
  });

  it("match the REST parameters' in the OpenAPI document, a different name said", () => {
    type Parameter = { name: string; description: string };
    const document = buildOpenApiDocument() as { paths: Record<string, { get: { parameters: Parameter[] } }> };
    const rest = Object.fromEntries(document.paths["/api/registry/ngos"]!.get.parameters.map((p) => [p.name, p.description]));
    const args = Object.fromEntries(registrySchema.getQueryType()!.getFields().ngos_page!.args.map((a) => [a.name, a.description]));
    expect(args.limit).toBe(rest.limit);
    expect(args.sort).toBe(rest.sort);
    expect(args.search).toBe(`${rest.q} The REST parameter q.`);
    expect(args.after).toBe(`${rest.cursor} The REST parameter cursor.`);
    expect(rest.limit).toBe(descriptionOf(listQuerySchema.shape.limit));
  });

  it("refuse a schema that has none", () => {
    expect(() => descriptionOf(z.string())).toThrow(/no description/);
  });
});
