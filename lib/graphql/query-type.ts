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
import { listNgos } from "@/lib/registry/list-ngos";
import { PAGE_SIZE, slugSchema } from "@/lib/registry/schemas";
import { SECTORS } from "@/lib/registry/sectors";
import type { GraphQLContext } from "./context";
import { ngoSortEnum, ngoStateEnum, sectorIdEnum } from "./enums";
import { listOf, nonNull } from "./type-wrappers";
import { ngoType } from "./ngo-type";
import { registryStatsType } from "./stats-type";
import { toListQuery, type RegistryArgs } from "./to-list-query";


const filterArgs: GraphQLFieldConfigArgumentMap = {
  sector: { type: GraphQLString, description: "Sector id, e.g. \"health\"; several separated by commas." },
  state: {
    type: new GraphQLList(new GraphQLNonNull(ngoStateEnum)),
    description: "Only these states. Callers without an operator key may ask for verified, suspended and revoked.",
  },
  country: { type: GraphQLString, description: "ISO 3166-1 alpha-2 code; several separated by commas." },
  search: {
    type: GraphQLString,
    description: "Words to find in name, legal name, city and description; accent- and case-insensitive, ranked.",
  },
  min_trust_score: { type: GraphQLInt, description: "Only entries scoring at least this (0–100)." },
};

const listArgs: GraphQLFieldConfigArgumentMap = {
  ...filterArgs,
  sort: { type: ngoSortEnum, description: "The order. Default: relevance with search, otherwise trust_score_desc." },
  limit: { type: GraphQLInt, description: `How many entries, 1–${PAGE_SIZE.max} (default ${PAGE_SIZE.default}).` },
};

const ngoPageType = new GraphQLObjectType({
  name: "NgoPage",
  description: "One page of a list that may continue: pass next_cursor as after to get the next.",
  fields: {
    entries: { type: listOf(ngoType), description: "The entries of this page." },
    next_cursor: { type: GraphQLString, description: "The cursor of the next page; null on the last page." },
    limit: { type: nonNull(GraphQLInt), description: "The page size asked for." },
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
      resolve: async (_, args: RegistryArgs, { tier }) => (await listNgos(toListQuery(args), tier)).data,
    },
    ngos_page: {
      type: nonNull(ngoPageType),
      description: "A page of registry entries with a cursor to the next, for walking the whole registry.",
      args: {
        ...listArgs,
        after: { type: GraphQLString, description: "The next_cursor of the previous page, with the same filters and sort." },
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
