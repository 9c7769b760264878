// The shape of a registry entry in API answers. The types of the read path derive from it,
// and so does the OpenAPI document.
import { z } from "zod";
import { SECTOR_IDS } from "./sectors";
import { NGO_STATES } from "@/lib/tiers";

const timestamp = z.iso.datetime().meta({ description: "RFC 3339, UTC" });
const state = z.enum(NGO_STATES);

export const trustComponentSchema = z.object({
  component: z.string().meta({ description: "verification, financial_transparency, governance, accountability or freshness" }),
  score: z.int().min(0).max(100),
  weight: z.int().min(0).max(10_000).meta({ description: "Basis points; the weights of one entry add up to 10,000." }),
  evidence_date: z.iso.date(),
  source: z.string().meta({ description: "Where the evidence comes from." }),
});

export const stateChangeSchema = z.object({
  from: state.nullable(),
  to: state,
  actor: z.string(),
  reason: z.string(),
  at: timestamp,
});

export const ngoEntrySchema = z
  .object({
    id: z.string().meta({ description: "Operator tier." }),
    slug: z.string(),
    name: z.string(),
    legal_name: z.string().meta({ description: "Partner tier and above." }),
    registration_number: z.string().meta({ description: "Partner tier and above." }),
    state,
    sector: z.enum(SECTOR_IDS),
    country: z.string().length(2).meta({ description: "ISO 3166-1 alpha-2" }),
    city: z.string(),
    website: z.url().nullable(),
    description: z.string(),
    founded_year: z.int().nullable().meta({ description: "Partner tier and above." }),
    trust_score: z.int().min(0).max(100),
    trust: z
      .object({
        score: z.int().min(0).max(100),
        methodology_version: z.string(),
        as_of: timestamp,
        components: z.array(trustComponentSchema),
      })
      .meta({ description: "The score with its reasons: components with provenance. Partner tier and above." }),
    state_history: z.array(stateChangeSchema).meta({ description: "Partner tier and above." }),
    donations_enabled: z.boolean().meta({ description: "Operator tier." }),
    verified_at: timestamp.nullable(),
    created_at: timestamp.meta({ description: "Operator tier." }),
    updated_at: timestamp.meta({ description: "Partner tier and above." }),
  })
  .meta({
    id: "Ngo",
    description: "A registry entry. Fields above the caller's tier are left out and listed in meta.redacted.",
  });

export type NgoEntry = z.infer<typeof ngoEntrySchema>;
export type TrustComponent = z.infer<typeof trustComponentSchema>;
export type StateChange = z.infer<typeof stateChangeSchema>;
