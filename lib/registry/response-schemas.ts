// The registry's response bodies, for the OpenAPI document, for the descriptions of the GraphQL
// types of the same data, and for tests that hold the real answers against them.
import { z } from "zod";
import { ngoEntrySchema } from "./entry-schema";
import { NGO_FIELD_TIERS, NGO_STATES, TIERS } from "@/lib/tiers";

/** An entry as an API answer: the public fields always, the others when the tier allows. */
export const projectedNgoSchema = ngoEntrySchema.partial().required({
  slug: true,
  name: true,
  state: true,
  sector: true,
  country: true,
  city: true,
  website: true,
  description: true,
  trust_score: true,
  verified_at: true,
});

const meta = z.object({
  tier: z.enum(TIERS),
  redacted: z
    .array(z.enum(Object.keys(NGO_FIELD_TIERS) as [keyof typeof NGO_FIELD_TIERS]))
    .meta({ description: "Fields the caller's tier may not see, left out of every entry." }),
});

export const ngoListResponseSchema = z
  .object({
    data: z.array(projectedNgoSchema).meta({ description: "The entries of this page." }),
    page: z.object({
      next_cursor: z.string().nullable().meta({ description: "The cursor of the next page; null on the last page." }),
      limit: z.int().meta({ description: "The page size asked for." }),
    }),
    meta,
  })
  .meta({ id: "NgoList" });

export const ngoResponseSchema = z.object({ data: projectedNgoSchema, meta }).meta({ id: "NgoResponse" });

const count = z.int().min(0).meta({ description: "How many matching entries." });
const average = z.number().min(0).max(100).meta({ description: "Their average trust score, to one decimal." });

export const registryStatsSchema = z
  .object({
    total: count,
    average_trust_score: average.nullable().meta({ description: "Average trust score, to one decimal; null when nothing matches." }),
    by_state: z.array(z.object({ state: z.enum(NGO_STATES), count })).meta({ description: "Entries per state, largest first." }),
    by_sector: z
      .array(z.object({ sector: z.string(), count, average_trust_score: average }))
      .meta({ description: "Entries per sector, largest first." }),
    by_country: z
      .array(z.object({ country: z.string().meta({ description: "ISO 3166-1 alpha-2." }), count, average_trust_score: average }))
      .meta({ description: "Entries per country, largest first." }),
    trust_score_histogram: z
      .array(z.object({ min: z.int(), max: z.int(), count }))
      .meta({ description: "Ten buckets of ten points; the last, 90–100, includes 100." }),
  })
  .meta({ description: "Statistics of the entries that match the filters, counting only what the caller's tier may see." });

export type RegistryStats = z.infer<typeof registryStatsSchema>;

export const statsResponseSchema = z
  .object({ data: registryStatsSchema, meta: z.object({ tier: z.enum(TIERS) }) })
  .meta({ id: "RegistryStats" });
