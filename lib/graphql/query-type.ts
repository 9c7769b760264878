// The root Query: each field calls the registry function the REST handler for the same data
// calls, with the caller's tier. There is no second query path.
import {
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfigArgumentMap,
} from "graphql";
import { ApiError } from "@/lib/errors/api-error";
import { getNgoOrThrow } from "@/lib/registry/get-ngo";
import { getRegistryStats } from "@/lib/registry/get-registry-stats";
import { listNgoEntries, listNgos } from "@/lib/registry/list-ngos";
import { ngoListResponseSchema } from "@/lib/registry/response-schemas";
import { listQuerySchema, slugSchema } from "@/lib/registry/schemas";
import { SECTORS } from "@/lib/registry/sectors";
import type { GraphQLContext } from "./context";
import { descriptionOf } from "./description-of";
import { ngoSortEnum, ngoStateEnum, sectorIdEnum } from "./enums";
import { listOf, nonNull } from "./type-wrappers";
import { ngoType } from "./ngo-type";
import { registryStatsType } from "./stats-type";
import { toListQuery, type RegistryArgs } from "./to-list-query";


const query = listQuerySchema.shape;
const page = ngoListResponseSchema.shape;
const COMMAS = " Several separated by commas.";
/** GraphQL names a few REST parameters differently (REST_PARAMETER_ARGUMENTS); say which. */
const restName = (parameter: string) => ` The REST parameter ${parameter}.`;

// The descriptions are the REST parameters' (lib/registry/schemas.ts), plus what differs here.
const filterArgs: GraphQLFieldConfigArgumentMap = {
  sector: { type: GraphQLString, description: `${descriptionOf(query.sector)} Ids as in SectorId.${COMMAS}` },
  state: { type: new GraphQLList(new GraphQLNonNull(ngoStateEnum)), description: descriptionOf(query.state) },
  country: { type: GraphQLString, description: descriptionOf(query.country) + COMMAS },
  search: { type: GraphQLString, description: descriptionOf(query.q) + restName("q") },
  min_trust_score: { type: GraphQLInt, description: descriptionOf(query.min_trust_score) },
};

const listArgs: GraphQLFieldConfigArgumentMap = {
  ...filterArgs,
  sort: { type: ngoSortEnum, description: descriptionOf(query.sort) },
  limit: { type: GraphQLInt, description: descriptionOf(query.limit) },
};

const ngoPageType = new GraphQLObjectType({
  name: "NgoPage",
  description: "One page of a list that may continue: pass next_cursor as after to get the next.",
  fields: {
    entries: { type: listOf(ngoType), description: descriptionOf(page.data) },
    next_cursor: { type: GraphQLString, description: descriptionOf(page.page.shape.next_cursor) },
    limit: { type: nonNull(GraphQLInt), description: descriptionOf(page.page.shape.limit) },
  },
});

const sectorType = new GraphQLObjectType({
  name: "Sector",
  description: "A sector of the published list.",
  fields: {
    id: { type: nonNull(sectorIdEnum), description: "The id used in filters and entries." },
    name: { type: nonNull(GraphQLString) },
    description: { type: nonNull(GraphQLString) },
  },
});

export const queryType = new GraphQLObjectType<unknown, GraphQLContext>({
  name: "Query",
  fields: {
    ngos: {
      type: listOf(ngoType),
      description: "Registry entries, filtered and sorted: the first page of ngos_page.",
      args: listArgs,
      resolve: (_, args: RegistryArgs, { tier }) => listNgoEntries(toListQuery(args), tier),
    },
    ngos_page: {
      type: nonNull(ngoPageType),
      description: "A page of registry entries with a cursor to the next, for walking the whole registry.",
      args: {
        ...listArgs,
        after: { type: GraphQLString, description: descriptionOf(query.cursor) + restName("cursor") },
      },
      resolve: async (_, args: RegistryArgs, { tier }) => {
        const page = await listNgos(toListQuery(args), tier);
        return { entries: page.data, next_cursor: page.next_cursor, limit: page.limit };
      },
    },
    ngo: {
      type: ngoType,
      description: "One entry by slug; null when no entry the caller may see has that slug.",
      args: { slug: { type: nonNull(GraphQLString) } },
      resolve: async (_, { slug }: { slug: string }, { tier }) => {
        // As in REST, a string that cannot be a slug and a hidden entry both name no entry.
        if (!slugSchema.safeParse(slug).success) return null;
        try {
          return await getNgoOrThrow(slug, tier);
        } catch (error) {
          if (error instanceof ApiError && error.code === "not_found") return null;
          throw error;
        }
      },
    },
    stats: {
      type: nonNull(registryStatsType),
      description: "Statistics of the entries matching the filters, within what the caller may see.",
      args: filterArgs,
      resolve: (_, args: RegistryArgs, { tier }) => getRegistryStats(toListQuery(args), tier),
    },
    sectors: {
      type: listOf(sectorType),
      description: "The published sector list.",
      resolve: () => SECTORS,
    },
  },
});
