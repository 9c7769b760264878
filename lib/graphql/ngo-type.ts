// The Ngo type: every field of a registry entry that some tier may see (docs/concepts.md). Fields
// above the caller's tier are nullable and resolve to null: projectNgo has already left them out.
// The descriptions are the zod schemas' (lib/registry/entry-schema.ts), plus what null means here.
import {
  GraphQLBoolean,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfig,
  type GraphQLOutputType,
} from "graphql";
import { ngoEntrySchema, stateChangeSchema, trustComponentSchema, trustScoreSchema } from "@/lib/registry/entry-schema";
import type { ProjectedNgo } from "@/lib/registry/project-ngo";
import { NGO_FIELD_TIERS, type NgoField } from "@/lib/tiers";
import type { GraphQLContext } from "./context";
import { descriptionOf } from "./description-of";
import { listOf, nonNull } from "./type-wrappers";
import { ngoStateEnum, sectorIdEnum } from "./enums";

const component = trustComponentSchema.shape;
const trustComponentType = new GraphQLObjectType({
  name: "TrustComponent",
  description: descriptionOf(trustComponentSchema),
  fields: {
    component: { type: nonNull(GraphQLString), description: descriptionOf(component.component) },
    score: { type: nonNull(GraphQLInt), description: descriptionOf(component.score) },
    weight: { type: nonNull(GraphQLInt), description: descriptionOf(component.weight) },
    evidence_date: { type: nonNull(GraphQLString), description: descriptionOf(component.evidence_date) },
    source: { type: nonNull(GraphQLString), description: descriptionOf(component.source) },
  },
});

const score = trustScoreSchema.shape;
const trustScoreType = new GraphQLObjectType({
  name: "TrustScore",
  description: descriptionOf(trustScoreSchema),
  fields: {
    score: { type: nonNull(GraphQLInt), description: descriptionOf(score.score) },
    methodology_version: { type: nonNull(GraphQLString), description: descriptionOf(score.methodology_version) },
    as_of: { type: nonNull(GraphQLString), description: descriptionOf(score.as_of) },
    components: { type: listOf(trustComponentType), description: descriptionOf(score.components) },
  },
});

const change = stateChangeSchema.shape;
const stateChangeType = new GraphQLObjectType({
  name: "StateChange",
  description: descriptionOf(stateChangeSchema),
  fields: {
    from: { type: ngoStateEnum, description: descriptionOf(change.from) },
    to: { type: nonNull(ngoStateEnum), description: descriptionOf(change.to) },
    actor: { type: nonNull(GraphQLString), description: descriptionOf(change.actor) },
    reason: { type: nonNull(GraphQLString), description: descriptionOf(change.reason) },
    at: { type: nonNull(GraphQLString), description: descriptionOf(change.at) },
  },
});

/** What the zod description's tier sentence means in GraphQL, where hidden fields are null. */
const NULL_NOTES = {
  public: "",
  partner: " Null for public callers, and named in extensions.redacted.",
  operator: " Null for other callers, and named in extensions.redacted.",
} as const;

type NgoFieldConfig = GraphQLFieldConfig<ProjectedNgo, GraphQLContext>;

function field(name: NgoField, type: GraphQLOutputType): NgoFieldConfig {
  return { type, description: descriptionOf(ngoEntrySchema.shape[name]) + NULL_NOTES[NGO_FIELD_TIERS[name]] };
}

export const ngoType = new GraphQLObjectType<ProjectedNgo, GraphQLContext>({
  name: "Ngo",
  description:
    "A registry entry. Which fields carry values depends on the caller's tier: the others are null and " +
    "named in the response's extensions.redacted.",
  fields: {
    id: field("id", GraphQLID),
    slug: field("slug", nonNull(GraphQLString)),
    name: field("name", nonNull(GraphQLString)),
    legal_name: field("legal_name", GraphQLString),
    registration_number: field("registration_number", GraphQLString),
    state: field("state", nonNull(ngoStateEnum)),
    sector: field("sector", nonNull(sectorIdEnum)),
    country: field("country", nonNull(GraphQLString)),
    city: field("city", nonNull(GraphQLString)),
    website: field("website", GraphQLString),
    description: field("description", nonNull(GraphQLString)),
    founded_year: field("founded_year", GraphQLInt),
    trust_score: field("trust_score", nonNull(GraphQLInt)),
    trust: field("trust", trustScoreType),
    state_history: field("state_history", new GraphQLList(nonNull(stateChangeType))),
    donations_enabled: field("donations_enabled", GraphQLBoolean),
    verified_at: field("verified_at", GraphQLString),
    created_at: field("created_at", GraphQLString),
    updated_at: field("updated_at", GraphQLString),
  } satisfies Record<NgoField, NgoFieldConfig>,
});
