// The shape of a registry entry in API answers. The types of the read path derive from it, and
// so do the OpenAPI document and the GraphQL types' descriptions: each field is described here,
// once, in words true of both surfaces.
import { z } from "zod";
import { SECTOR_IDS } from "./sectors";
import { NGO_FIELD_TIERS, NGO_STATES, type NgoField } from "@/lib/tiers";

const TIME = "RFC 3339, UTC.";
const time = (meaning: string) => z.iso.datetime().meta({ description: `${meaning} ${TIME}` });
const state = z.enum(NGO_STATES);

export const trustComponentSchema = z
  .object({
    component: z.string().meta({ description: "verification, financial_transparency, governance, accountability or freshness." }),
    score: z.int().min(0).max(100).meta({ description: "This component's score, 0–100." }),
    weight: z.int().min(0).max(10_000).meta({ description: "Basis points; the weights of one entry add up to 10,000." }),
    evidence_date: z.iso.date().meta({ description: "The date of the evidence (YYYY-MM-DD)." }),
    source: z.string().meta({ description: "Where the evidence comes from." }),
  })
  .meta({ description: "One named part of a trust score, with the provenance of its evidence." });

export const trustScoreSchema = z
  .object({
    score: z.int().min(0).max(100).meta({ description: "The score, 0–100 (the entry's trust_score)." }),
    methodology_version: z.string().meta({ description: "The version of the scoring methodology." }),
    as_of: time("When the score was computed."),
    components: z.array(trustComponentSchema).meta({ description: "The weighted components, heaviest first." }),
  })
  .meta({ description: "A trust score with its reasons: the components it was computed from." });

export const stateChangeSchema = z
  .object({
    from: state.nullable().meta({ description: "The state before; null for the entry's creation." }),
    to: state.meta({ description: "The state after." }),
    actor: z.string().meta({ description: "Who made the change." }),
    reason: z.string().meta({ description: "Why." }),
    at: time("When."),
  })
  .meta({ description: "One transition of an entry's state: who made it, why and when." });

const TIER_SENTENCES = { public: "", partner: " Partner tier and above.", operator: " Operator tier only." } as const;

/** A field of an entry, described by what it means and by which tier sees it (lib/tiers.ts). */
function field<T extends z.ZodType>(name: NgoField, schema: T, meaning: string): T {
  return schema.meta({ description: meaning + TIER_SENTENCES[NGO_FIELD_TIERS[name]] });
}

export const ngoEntrySchema = z
  .object({
    id: field("id", z.string(), "The entry's internal id (ngo_…)."),
    slug: field("slug", z.string(), "Unique, URL-safe name of the entry."),
    name: field("name", z.string(), "The name the organisation is known by."),
    legal_name: field("legal_name", z.string(), "The registered legal name."),
    registration_number: field("registration_number", z.string(), "The number in its national register."),
    state: field("state", state, "The lifecycle state."),
    sector: field("sector", z.enum(SECTOR_IDS), "The sector it works in."),
    country: field("country", z.string().length(2), "ISO 3166-1 alpha-2 country code."),
    city: field("city", z.string(), "The city of its seat."),
    website: field("website", z.url().nullable(), "Its website, if it has one."),
    description: field("description", z.string(), "What it does."),
    founded_year: field("founded_year", z.int().nullable(), "The year it was founded, if known."),
    trust_score: field("trust_score", z.int().min(0).max(100), "The trust score, an integer 0–100 (see trust for its reasons)."),
    trust: field("trust", trustScoreSchema, "The trust score with its components and their provenance."),
    state_history: field("state_history", z.array(stateChangeSchema), "Every state transition, oldest first."),
    donations_enabled: field("donations_enabled", z.boolean(), "Whether it accepts donations through the embed."),
    verified_at: field("verified_at", z.iso.datetime().nullable(), `When it was last verified; null if never. ${TIME}`),
    created_at: field("created_at", z.iso.datetime(), `When the entry was created. ${TIME}`),
    updated_at: field("updated_at", z.iso.datetime(), `When the entry last changed. ${TIME}`),
  } satisfies Record<NgoField, z.ZodType>)
  .meta({
    id: "Ngo",
    description: "A registry entry. Fields above the caller's tier are left out and listed in meta.redacted.",
  });

export type NgoEntry = z.infer<typeof ngoEntrySchema>;
export type TrustComponent = z.infer<typeof trustComponentSchema>;
export type StateChange = z.infer<typeof stateChangeSchema>;
