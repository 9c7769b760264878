// The enums of the GraphQL schema, made from the registry's own lists so they cannot drift.
import { GraphQLEnumType } from "graphql";
import { SECTORS } from "@/lib/registry/sectors";
import type { SortParam } from "@/lib/registry/schemas";
import { NGO_STATES, PUBLIC_STATES } from "@/lib/tiers";

const STATE_MEANINGS: Record<(typeof NGO_STATES)[number], string> = {
  draft: "Being prepared; not yet submitted for review. Operators only.",
  pending_review: "Submitted and waiting for review. Operators only.",
  verified: "Reviewed and verified by the registry.",
  suspended: "Verification suspended while an issue is investigated.",
  revoked: "Verification withdrawn.",
  archived: "No longer maintained. Operators only.",
};

export const ngoStateEnum = new GraphQLEnumType({
  name: "NgoState",
  description: `The lifecycle state of a registry entry. Callers without an operator key see ${PUBLIC_STATES.join(", ")} only.`,
  values: Object.fromEntries(NGO_STATES.map((state) => [state, { value: state, description: STATE_MEANINGS[state] }])),
});

export const sectorIdEnum = new GraphQLEnumType({
  name: "SectorId",
  description: "The published sector list (see the sectors query for names and descriptions).",
  values: Object.fromEntries(SECTORS.map((s) => [s.id, { value: s.id, description: `${s.name}: ${s.description}` }])),
});

/** The values carry the REST API's sort strings: GraphQL names cannot start with '-', so `_desc`
 * stands for it. */
export const ngoSortEnum = new GraphQLEnumType({
  name: "NgoSort",
  description: "The order of a list. Default: relevance with a search, otherwise trust_score_desc.",
  values: {
    trust_score_desc: { value: "-trust_score", description: "Highest trust score first." },
    trust_score: { value: "trust_score", description: "Lowest trust score first." },
    name: { value: "name", description: "By name, A to Z." },
    name_desc: { value: "-name", description: "By name, Z to A." },
    verified_at: { value: "verified_at", description: "Longest verified first; never verified last." },
    verified_at_desc: { value: "-verified_at", description: "Most recently verified first." },
    relevance: { value: "relevance", description: "Best search match first; needs search." },
  } satisfies Record<string, { value: SortParam; description: string }>,
});
