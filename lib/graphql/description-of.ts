import type { z } from "zod";

/**
 * The description a zod schema of the registry carries: GraphQL describes its types, fields and
 * arguments with the words REST and the OpenAPI document use, written once beside the schema.
 * A schema without one is a mistake found when the GraphQL schema is built.
 */
export function descriptionOf(schema: z.ZodType): string {
  const description = schema.meta()?.description;
  if (!description) throw new Error("A zod schema the GraphQL schema reads has no description.");
  return description;
}
