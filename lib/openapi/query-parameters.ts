// Query parameters of the OpenAPI document, from the zod schema that validates them.
import { z } from "zod";

type JsonSchema = Record<string, unknown>;

/** Query parameters from a zod object: names, descriptions and JSON Schemas of the raw input. */
export function queryParameters(schema: z.ZodObject): JsonSchema[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const { $schema: _drop, description, openapi, ...rest } = z.toJSONSchema(field as z.ZodType, {
      io: "input",
    }) as JsonSchema;
    void _drop;
    return { name, in: "query", required: !(field as z.ZodType).safeParse(undefined).success, description, schema: openapi ?? rest };
  });
}
