// Registry statistics as GraphQL types: the shape getRegistryStats answers with.
import { GraphQLFloat, GraphQLInt, GraphQLObjectType, GraphQLString } from "graphql";
import { listOf, nonNull } from "./type-wrappers";
import { ngoStateEnum, sectorIdEnum } from "./enums";

const count = { type: nonNull(GraphQLInt), description: "How many matching entries." };
const average = { type: nonNull(GraphQLFloat), description: "Their average trust score, to one decimal." };

export const registryStatsType = new GraphQLObjectType({
  name: "RegistryStats",
  description: "Statistics of the entries that match the filters, counting only what the caller's tier may see.",
  fields: {
    total: count,
    average_trust_score: { type: GraphQLFloat, description: "Average trust score, to one decimal; null when nothing matches." },
    by_state: {
      type: listOf(new GraphQLObjectType({ name: "StateCount", fields: { state: { type: nonNull(ngoStateEnum) }, count } })),
      description: "Entries per state, largest first.",
    },
    by_sector: {
      type: listOf(
        new GraphQLObjectType({ name: "SectorStats", fields: { sector: { type: nonNull(sectorIdEnum) }, count, average_trust_score: average } }),
      ),
      description: "Entries per sector, largest first.",
    },
    by_country: {
      type: listOf(
        new GraphQLObjectType({
          name: "CountryStats",
          fields: { country: { type: nonNull(GraphQLString), description: "ISO 3166-1 alpha-2." }, count, average_trust_score: average },
        }),
      ),
      description: "Entries per country, largest first.",
    },
    trust_score_histogram: {
      type: listOf(
        new GraphQLObjectType({
          name: "ScoreBucket",
          fields: { min: { type: nonNull(GraphQLInt) }, max: { type: nonNull(GraphQLInt) }, count },
        }),
      ),
      description: "Ten buckets of ten points; the last, 90–100, includes 100.",
    },
  },
});
