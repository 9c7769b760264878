// The write API's request bodies (POST /api/v1/ngos, PATCH /api/v1/ngos/{slug}, transitions).
// The same schemas validate the CLI's input and each row of an import, and feed the OpenAPI document.
import { z } from "zod";
import { dateSchema } from "@/lib/schemas/date-schemas";
import { countryCodeSchema } from "@/lib/registry/countries";
import { SECTOR_IDS } from "@/lib/registry/sectors";
import { TRUST_COMPONENT_NAMES } from "@/lib/trust/components";
import { NGO_STATES } from "@/lib/tiers";

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const website = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .max(500, "must be at most 500 characters")
  .nullable();
const foundedYear = z
  .int("must be a whole number")
  .min(1800, "must be 1800 or later")
  .refine((year) => year <= new Date().getUTCFullYear(), "must not be in the future")
  .nullable();

const profileShape = {
  name: text(200).min(1, "must not be empty"),
  legal_name: text(300),
  registration_number: text(100),
  sector: z.enum(SECTOR_IDS, { error: `must be one of ${SECTOR_IDS.join(", ")}` }),
  country: countryCodeSchema("must be an assigned ISO 3166-1 alpha-2 country code, e.g. KE"),
  city: text(200),
  website,
  description: text(5000),
  founded_year: foundedYear,
  donations_enabled: z.boolean(),
};

export const trustComponentInputSchema = z.strictObject({
  component: z.enum(TRUST_COMPONENT_NAMES, { error: `must be one of ${TRUST_COMPONENT_NAMES.join(", ")}` }),
  score: z.int().min(0).max(100),
  weight: z.int().min(0).max(10_000).optional().meta({ description: "Basis points; the default weight of the component when omitted." }),
  evidence_date: dateSchema(),
  source: text(300).min(1, "must name where the evidence came from"),
});

export const createNgoSchema = z
  .strictObject({
    ...profileShape,
    slug: z.string().regex(SLUG_PATTERN, "must be lower-case letters and digits joined by single hyphens").max(100).optional(),
    legal_name: profileShape.legal_name.optional(),
    registration_number: profileShape.registration_number.optional(),
    city: profileShape.city.optional(),
    website: website.optional(),
    description: profileShape.description.optional(),
    founded_year: foundedYear.optional(),
    donations_enabled: profileShape.donations_enabled.optional(),
    trust_components: z.array(trustComponentInputSchema).max(TRUST_COMPONENT_NAMES.length).optional(),
  })
  .meta({ description: "A new registry entry. It starts as a draft; the slug is derived from the name when absent." });

export const updateNgoSchema = z
  .strictObject({
    name: profileShape.name.optional(),
    legal_name: profileShape.legal_name.optional(),
    registration_number: profileShape.registration_number.optional(),
    sector: profileShape.sector.optional(),
    country: profileShape.country.optional(),
    city: profileShape.city.optional(),
    website: website.optional(),
    description: profileShape.description.optional(),
    founded_year: foundedYear.optional(),
    donations_enabled: profileShape.donations_enabled.optional(),
    trust_components: z
      .array(trustComponentInputSchema)
      .min(1)
      .max(TRUST_COMPONENT_NAMES.length)
      .optional()
      .meta({ description: "The score inputs, all of them: they replace the current ones and the score is recomputed." }),
  })
  .meta({ description: "The fields to change; those left out stay as they are." });

export const transitionSchema = z
  .strictObject({
    to: z.enum(NGO_STATES, { error: `must be one of ${NGO_STATES.join(", ")}` }),
    reason: text(1000).optional(),
  })
  .meta({ description: "A move to another lifecycle state. A reason is required to suspend, revoke or archive." });

export type CreateNgoInput = z.infer<typeof createNgoSchema>;
export type UpdateNgoInput = z.infer<typeof updateNgoSchema>;
export type TransitionInput = z.infer<typeof transitionSchema>;
export type TrustComponentBody = z.infer<typeof trustComponentInputSchema>;
