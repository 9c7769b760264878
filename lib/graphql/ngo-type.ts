// The Ngo type: every field of a registry entry that some tier may see (DESIGN.md §2, §3). Fields
// above the caller's tier are nullable and resolve to null: projectNgo has already left them out.
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
import type { ProjectedNgo } from "@/lib/registry/project-ngo";
import { NGO_FIELD_TIERS, type NgoField } from "@/lib/tiers";
import type { GraphQLContext } from "./context";
import { listOf, nonNull } from "./type-wrappers";
import { ngoStateEnum, sectorIdEnum } from "./enums";

const TIME = "RFC 3339, UTC.";

const trustComponentType = new GraphQLObjectType({
  name: "TrustComponent",
  description: "One named part of a trust score, with the provenance of its evidence.",
  fields: {
    component: { type: nonNull(GraphQLString), description: "verification, financial_transparency, governance, accountability or freshness." },
    score: { type: nonNull(GraphQLInt), description: "This component's score, 0–100." },
    weight: { type: nonNull(GraphQLInt), description: "Basis points; the weights of one entry add up to 10,000." },
    evidence_date: { type: nonNull(GraphQLString), description: "The date of the evidence (YYYY-MM-DD)." },
    source: { type: nonNull(GraphQLString), description: "Where the evidence comes from." },
  },
});

const trustScoreType = new GraphQLObjectType({
  name: "TrustScore",
  description: "A trust score with its reasons: the components it was computed from.",
  fields: {
    score: { type: nonNull(GraphQLInt), description: "The score, 0–100 (the entry's trust_score)." },
    methodology_version: { type: nonNull(GraphQLString), description: "The version of the scoring methodology." },
    as_of: { type: nonNull(GraphQLString), description: `When the score was computed. ${TIME}` },
    components: { type: listOf(trustComponentType), description: "The weighted components, heaviest first." },
  },
});

const stateChangeType = new GraphQLObjectType({
  name: "StateChange",
  description: "One transition of an entry's state: who made it, why and when.",
  fields: {
    from: { type: ngoStateEnum, description: "The state before; null for the entry's creation." },
    to: { type: nonNull(ngoStateEnum), description: "The state after." },
    actor: { type: nonNull(GraphQLString), description: "Who made the change." },
    reason: { type: nonNull(GraphQLString), description: "Why." },
    at: { type: nonNull(GraphQLString), description: `When. ${TIME}` },
  },
});

const TIER_NOTES = {
  public: "",
  partner: " Partner tier and above: null for public callers, and named in extensions.redacted.",
  operator: " Operator tier only: null for other callers, and named in extensions.redacted.",
} as const;

type NgoFieldConfig = GraphQLFieldConfig<ProjectedNgo, GraphQLContext>;

/** A field of Ngo; its description says which tier sees it, from the one projection module. */
function field(name: NgoField, type: GraphQLOutputType, description: string): NgoFieldConfig {
  return { type, description: description + TIER_NOTES[NGO_FIELD_TIERS[name]] };
}

export const ngoType = new GraphQLObjectType<ProjectedNgo, GraphQLContext>({
  name: "Ngo",
  description:
    "A registry entry. Which fields carry values depends on the caller's tier: the others are null and " +
    "named in the response's extensions.redacted.",
  fields: {
    id: field("id", GraphQLID, "The entry's internal id (ngo_…)."),
    slug: field("slug", nonNull(GraphQLString), "Unique, URL-safe name of the entry."),
    name: field("name", nonNull(GraphQLString), "The name the organisation is known by."),
    legal_name: field("legal_name", GraphQLString, "The registered legal name."),
    registration_number: field("registration_number", GraphQLString, "The number in its national register."),
    state: field("state", nonNull(ngoStateEnum), "The lifecycle state."),
    sector: field("sector", nonNull(sectorIdEnum), "The sector it works in."),
    country: field("country", nonNull(GraphQLString), "ISO 3166-1 alpha-2 country code."),
    city: field("city", nonNull(GraphQLString), "The city of its seat."),
    website: field("website", GraphQLString, "Its website, if it has one."),
    description: field("description", nonNull(GraphQLString), "What it does."),
    founded_year: field("founded_year", GraphQLInt, "The year it was founded, if known."),
    trust_score: field("trust_score", nonNull(GraphQLInt), "The trust score, an integer 0–100 (see trust for its reasons)."),
    trust: field("trust", trustScoreType, "The trust score with its components and their provenance."),
    state_history: field("state_history", new GraphQLList(nonNull(stateChangeType)), "Every state transition, oldest first."),
    donations_enabled: field("donations_enabled", GraphQLBoolean, "Whether it accepts donations through the embed."),
    verified_at: field("verified_at", GraphQLString, `When it was last verified; null if never. ${TIME}`),
    created_at: field("created_at", GraphQLString, `When the entry was created. ${TIME}`),
    updated_at: field("updated_at", GraphQLString, `When the entry last changed. ${TIME}`),
  } satisfies Record<NgoField, NgoFieldConfig>,
});
