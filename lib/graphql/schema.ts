import { GraphQLSchema } from "graphql";
import { queryType } from "./query-type";

/** The registry's GraphQL schema: read-only, one Query type. */
export const registrySchema = new GraphQLSchema({ query: queryType });
