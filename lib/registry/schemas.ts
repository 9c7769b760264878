// The registry's request and response schemas. The same schemas validate requests, type the
// code, and generate the OpenAPI document (lib/openapi). Their descriptions say what a parameter
// means in words true of both surfaces, as GraphQL's arguments read them too; the query string's
// own syntax, such as commas between values, goes in the `openapi` schema beside them.
import { z } from "zod";
import { countryCodeSchema } from "./countries";
import { SECTOR_IDS } from "./sectors";
import { NGO_STATES, PUBLIC_STATES } from "@/lib/tiers";

/** An integer query parameter, strictly digits: "", "1e2" and "12abc" are errors, not coerced. */
function integerParam(min: number, max: number) {
  const message = `must be an integer from ${min} to ${max}`;
  return z
    .string()
    .regex(/^-?\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message))
    .meta({ openapi: { type: "integer", minimum: min, maximum: max } });
}

/** A comma-separated list of allowed values, e.g. `state=verified,suspended`. */
function listParam<T extends string>(values: readonly [T, ...T[]], normalise: (s: string) => string = (s) => s) {
  const message = `must be one or more of ${values.join(", ")}, separated by commas`;
  return z
    .string()
    .transform((s) => [...new Set(s.split(",").map((v) => normalise(v.trim())))])
    .pipe(z.array(z.enum(values, { error: message })).min(1, message))
    .meta({ openapi: { type: "string", description: `Separated by commas, one or more of: ${values.join(", ")}.` } });
}

const countryList = z
  .string()
  .transform((s) => s.split(","))
  .pipe(z.array(countryCodeSchema("must be assigned ISO 3166-1 alpha-2 country codes, separated by commas")))
  .transform((codes) => [...new Set(codes)])
  .pipe(z.array(z.string()).min(1).max(50, "at most 50 countries"))
  .meta({ openapi: { type: "string", description: "Separated by commas, up to 50 codes." } });

/** Page sizes of every list, REST and GraphQL alike: `limit` is 1 to max, default when omitted. */
export const PAGE_SIZE = { default: 20, max: 100 } as const;

export const SORTS = ["trust_score", "-trust_score", "name", "-name", "verified_at", "-verified_at", "relevance"] as const;
export type SortParam = (typeof SORTS)[number];

export const registryFilterShape = {
  q: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(200, "must be at most 200 characters")
    .regex(/[\p{L}\p{N}]/u, "must contain a letter or a digit")
    .optional()
    .meta({
      description:
        "Words to find, each as the start of a word, accent- and case-insensitive, ranked. Searches only fields the caller may see: name, city and description; with a partner or operator key also legal name and registration number.",
    }),
  sector: listParam(SECTOR_IDS, (s) => s.toLowerCase())
    .optional()
    .meta({ description: "Only entries in these sectors." }),
  state: listParam(NGO_STATES, (s) => s.toLowerCase())
    .optional()
    .meta({ description: `Only entries in these states. Callers without an operator key may ask for ${PUBLIC_STATES.join(", ")}.` }),
  country: countryList.optional().meta({ description: "Only entries in these countries (ISO 3166-1 alpha-2 codes)." }),
  min_trust_score: integerParam(0, 100).optional().meta({ description: "Only entries scoring at least this (0–100)." }),
};

export const listQuerySchema = z.object({
  ...registryFilterShape,
  sort: z
    .enum(SORTS, { error: `must be one of ${SORTS.join(", ")}` })
    .meta({ openapi: { type: "string", enum: [...SORTS], description: "A leading '-' sorts descending." } })
    .optional()
    .meta({ description: "The order; relevance needs a search, and ranks the 1,000 most trusted matches. Default: relevance with a search, otherwise the highest trust score first." }),
  limit: integerParam(1, PAGE_SIZE.max)
    .optional()
    .meta({ description: `Page size, 1–${PAGE_SIZE.max} (default ${PAGE_SIZE.default}).` }),
  cursor: z
    .string()
    .min(1)
    .max(2048, "is not a valid cursor")
    .optional()
    .meta({ description: "The next_cursor of the previous page, with the same filters and sort." }),
  view: z
    .enum(["list", "stats"], { error: "must be list or stats" })
    .optional()
    .meta({ description: "stats returns statistics of the filtered entries instead of a page of them." }),
});

export type ListQuery = z.output<typeof listQuerySchema>;

export const EXPORT_FORMATS = ["ndjson", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The bulk export's query: the list's filters but search (an export is in id order, not
 * ranked), a format, and the cursor of a checkpoint to resume from. */
export const exportQuerySchema = z.object({
  sector: registryFilterShape.sector,
  state: registryFilterShape.state,
  country: registryFilterShape.country,
  min_trust_score: registryFilterShape.min_trust_score,
  format: z
    .enum(EXPORT_FORMATS, { error: `must be one of ${EXPORT_FORMATS.join(", ")}` })
    .optional()
    .meta({ description: "ndjson (default): one JSON entry a line, with checkpoint and completion lines. csv: a header row, then one row an entry." }),
  cursor: z
    .string()
    .min(1)
    .max(2048, "is not a valid cursor")
    .optional()
    .meta({ description: "The cursor of the last checkpoint received, with the same filters: the export resumes after it, in the same snapshot." }),
});

export type ExportQuery = z.output<typeof exportQuerySchema>;
export type RegistryFilters = Pick<ListQuery, keyof typeof registryFilterShape>;

export const slugSchema = z
  .string()
  .max(200)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be a slug: lower-case letters, digits and single hyphens");
