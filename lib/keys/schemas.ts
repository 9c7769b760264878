// API keys' input and output schemas. The same schemas validate input (REST, CLI), type the code
// and can feed the OpenAPI document.
import { z } from "zod";
import { dateTimeSchema } from "@/lib/schemas/date-schemas";
import { slugSchema } from "@/lib/registry/schemas";
import { TIERS, type Tier } from "@/lib/tiers";
import { KEY_KINDS } from "./key-format";
import { parseOriginPattern } from "./parse-origin-pattern";

export const SCOPES = ["registry:read", "embed:write", "registry:write", "admin"] as const;
export type Scope = (typeof SCOPES)[number];

/** Writing the registry and administering keys and webhooks stay with operators. */
export const OPERATOR_ONLY_SCOPES = ["registry:write", "admin"] as const satisfies readonly Scope[];

export const DEFAULT_SCOPES = {
  public: ["embed:write"],
  partner: ["registry:read"],
  operator: ["registry:read", "registry:write", "admin"],
} as const satisfies Record<Tier, readonly Scope[]>;

/**
 * Requests per minute when a key is made without a limit. Above the anonymous 60 because an
 * embed key is shared by every visitor of its NGO's site, and a partner's by its whole backend.
 */
export const DEFAULT_RATE_LIMITS = { public: 600, partner: 600, operator: 3_000 } as const satisfies Record<Tier, number>;
export const MAX_RATE_LIMIT_PER_MINUTE = 100_000;
export const MAX_ORIGINS_PER_KEY = 50;

const originPattern = z
  .string({ error: "must be a string" })
  .max(300, "must be at most 300 characters")
  .transform((text, context) => {
    const parsed = parseOriginPattern(text);
    if (parsed.ok) return parsed.pattern.text;
    context.issues.push({ code: "custom", message: parsed.reason, input: text });
    return z.NEVER;
  });

const createApiKeyFields = z.strictObject({
  name: z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(100, "must be at most 100 characters"),
  kind: z.enum(KEY_KINDS, { error: `must be one of ${KEY_KINDS.join(", ")}` }),
  tier: z.enum(TIERS, { error: `must be one of ${TIERS.join(", ")}` }).optional(),
  scopes: z
    .array(z.enum(SCOPES, { error: `must be one of ${SCOPES.join(", ")}` }), { error: "must be a list of scopes" })
    .min(1, "must name at least one scope")
    .optional(),
  origins: z
    .array(originPattern, { error: "must be a list of origins" })
    .max(MAX_ORIGINS_PER_KEY, `at most ${MAX_ORIGINS_PER_KEY} origins`)
    .optional(),
  ngo: slugSchema.optional().meta({ description: "Slug of the NGO the key acts for; required for publishable keys." }),
  rate_limit_per_minute: z
    .int({ error: `must be an integer from 1 to ${MAX_RATE_LIMIT_PER_MINUTE}` })
    .min(1, `must be an integer from 1 to ${MAX_RATE_LIMIT_PER_MINUTE}`)
    .max(MAX_RATE_LIMIT_PER_MINUTE, `must be an integer from 1 to ${MAX_RATE_LIMIT_PER_MINUTE}`)
    .optional(),
  expires_at: dateTimeSchema()
    .nullable()
    .optional(),
});

/**
 * What createApiKey takes. Publishable keys are embed keys: public tier, only embed:write, at
 * least one origin and an NGO. Secret keys are partner (default) or operator keys. Omitted
 * scopes and limits take the tier's defaults; origins and scopes are deduplicated.
 */
export const createApiKeyInputSchema = createApiKeyFields
  .superRefine((input, context) => {
    const issue = (field: string, message: string) => context.addIssue({ code: "custom", path: [field], message });
    if (input.kind === "publishable") {
      if (input.tier && input.tier !== "public") issue("tier", "a publishable (embed) key always has the public tier");
      if (input.scopes && input.scopes.some((s) => s !== "embed:write")) {
        issue("scopes", "a publishable (embed) key can only have embed:write");
      }
      if (!input.origins?.length) issue("origins", "a publishable (embed) key needs at least one allowed origin");
      if (!input.ngo) issue("ngo", "a publishable (embed) key must be bound to an NGO");
    } else if (input.tier === "public") {
      issue("tier", "a secret key has the partner or operator tier: public keys are publishable embed keys");
    }
    const tier = input.tier ?? (input.kind === "publishable" ? "public" : "partner");
    const operatorOnly = input.scopes?.filter((s) => (OPERATOR_ONLY_SCOPES as readonly string[]).includes(s)) ?? [];
    if (tier !== "operator" && operatorOnly.length) issue("scopes", `${operatorOnly.join(" and ")} need the operator tier`);
  })
  .transform((input) => {
    const tier: Tier = input.tier ?? (input.kind === "publishable" ? "public" : "partner");
    return {
      name: input.name,
      kind: input.kind,
      tier,
      scopes: [...new Set<Scope>(input.scopes ?? DEFAULT_SCOPES[tier])],
      origins: [...new Set(input.origins ?? [])],
      ngo: input.ngo ?? null,
      rate_limit_per_minute: input.rate_limit_per_minute ?? DEFAULT_RATE_LIMITS[tier],
      expires_at: input.expires_at ? new Date(input.expires_at) : null,
    };
  });

export type CreateApiKeyInput = z.input<typeof createApiKeyInputSchema>;
export type ApiKeySettings = z.output<typeof createApiKeyInputSchema>;

const timestamp = z.iso.datetime().meta({ description: "RFC 3339, UTC" });

export const API_KEY_STATUSES = ["active", "expired", "revoked"] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

export const apiKeyRecordSchema = z
  .object({
    id: z.string().meta({ description: "key_…" }),
    name: z.string(),
    kind: z.enum(KEY_KINDS),
    tier: z.enum(TIERS),
    scopes: z.array(z.enum(SCOPES)),
    origins: z.array(z.string()).meta({ description: "Exact origins and https://*.domain patterns, normalised." }),
    ngo_id: z.string().nullable(),
    ngo_slug: z.string().nullable(),
    rate_limit_per_minute: z.int(),
    last4: z.string().length(4),
    masked_key: z.string().meta({ description: "Kind prefix and last four characters, e.g. tr_sk_…4fKp." }),
    status: z.enum(API_KEY_STATUSES),
    created_at: timestamp,
    expires_at: timestamp.nullable(),
    revoked_at: timestamp.nullable(),
    last_used_at: timestamp.nullable().meta({ description: "Recorded at most once a minute." }),
  })
  .meta({ id: "ApiKey", description: "An API key as stored: never the key itself, which is shown once." });

export type ApiKeyRecord = z.infer<typeof apiKeyRecordSchema>;
