// Registry statistics as GraphQL types: the shape getRegistryStats answers with, described by its
// zod schema (lib/registry/response-schemas.ts).
import { GraphQLFloat, GraphQLInt, GraphQLObjectType, GraphQLString } from "graphql";
import { registryStatsSchema } from "@/lib/registry/response-schemas";
import { descriptionOf } from "./description-of";
import { listOf, nonNull } from "./type-wrappers";
import { ngoStateEnum, sectorIdEnum } from "./enums";

const stats = registryStatsSchema.shape;
const country = stats.by_country.element.shape;
const count = { type: nonNull(GraphQLInt), description: descriptionOf(country.count) };
const average = { type: nonNull(GraphQLFloat), description: descriptionOf(country.average_trust_score) };

export const registryStatsType = new GraphQLObjectType({
  name: "RegistryStats",
  description: descriptionOf(registryStatsSchema),
  fields: {
    total: { type: nonNull(GraphQLInt), description: descriptionOf(stats.total) },
    average_trust_score: { type: GraphQLFloat, description: descriptionOf(stats.average_trust_score) },
    by_state: {
      type: listOf(new GraphQLObjectType({ name: "StateCount", fields: { state: { type: nonNull(ngoStateEnum) }, count } })),
      description: descriptionOf(stats.by_state),
    },
    by_sector: {
      type: listOf(
        new GraphQLObjectType({ name: "SectorStats", fields: { sector: { type: nonNull(sectorIdEnum) }, count, average_trust_score: average } }),
      ),
      description: descriptionOf(stats.by_sector),
    },
    by_country: {
      type: listOf(
        new GraphQLObjectType({
          name: "CountryStats",
          fields: { country: { type: nonNull(GraphQLString), description: descriptionOf(country.country) }, count, average_trust_score: average },
        }),
      ),
      description: descriptionOf(stats.by_country),
    },
    trust_score_histogram: {
      type: listOf(
        new GraphQLObjectType({
          name: "ScoreBucket",
          fields: { min: { type: nonNull(GraphQLInt) }, max: { type: nonNull(GraphQLInt) }, count },
        }),
      ),
      description: descriptionOf(stats.trust_score_histogram),
    },
  },
});
