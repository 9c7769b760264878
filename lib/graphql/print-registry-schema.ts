import { printSchema } from "graphql";
import { registrySchema } from "./schema";

/** The schema as SDL, in the order the code declares it: what schema.graphql holds. */
export function printRegistrySchema(): string {
  return `${printSchema(registrySchema)}\n`;
}
