// Who sees what (docs/concepts.md#tiers-who-sees-what). This module is the one place that decides
// it, for REST, GraphQL and pages alike.

export const TIERS = ["public", "partner", "operator"] as const;
export type Tier = (typeof TIERS)[number];

export const NGO_STATES = ["draft", "pending_review", "verified", "suspended", "revoked", "archived"] as const;
export type NgoState = (typeof NGO_STATES)[number];

/** The states anyone may see. draft, pending_review and archived entries stay with operators. */
export const PUBLIC_STATES = ["verified", "suspended", "revoked"] as const satisfies readonly NgoState[];

const RANK: Record<Tier, number> = { public: 0, partner: 1, operator: 2 };

/** Each field of a registry entry and the lowest tier that may see it, in output order. */
export const NGO_FIELD_TIERS = {
  id: "operator",
  slug: "public",
  name: "public",
  legal_name: "partner",
  registration_number: "partner",
  state: "public",
  sector: "public",
  country: "public",
  city: "public",
  website: "public",
  description: "public",
  founded_year: "partner",
  trust_score: "public",
  trust: "partner",
  state_history: "partner",
  donations_enabled: "operator",
  verified_at: "public",
  created_at: "operator",
  updated_at: "partner",
} as const satisfies Record<string, Tier>;

export type NgoField = keyof typeof NGO_FIELD_TIERS;

export function canSee(tier: Tier, field: NgoField): boolean {
  return RANK[tier] >= RANK[NGO_FIELD_TIERS[field]];
}

/** The text fields that search (`q`) can match, highest ranked first (the registration number
 * ranks with the legal name). */
const SEARCHABLE_FIELDS = ["name", "legal_name", "registration_number", "city", "description"] as const satisfies readonly NgoField[];
export type SearchableField = (typeof SEARCHABLE_FIELDS)[number];

/** What the tier's search matches: only fields it may see, or a search would read a hidden field
 * letter by letter (every word matches as a prefix). */
export function searchableFields(tier: Tier): SearchableField[] {
  return SEARCHABLE_FIELDS.filter((field) => canSee(tier, field));
}

/** The fields the tier may not see, as the API lists them in meta.redacted. */
export function redactedFields(tier: Tier): NgoField[] {
  return (Object.keys(NGO_FIELD_TIERS) as NgoField[]).filter((field) => !canSee(tier, field));
}

/** The states the tier may see: the where-clause of every list, entry, count and page. */
export function visibleStates(tier: Tier): readonly NgoState[] {
  return tier === "operator" ? NGO_STATES : PUBLIC_STATES;
}

/**
 * Whether the public may see an entry in this state, for surfaces that test one row rather than
 * filter a query (the donation widget and intents): an entry it may not see answers exactly like
 * a slug that does not exist.
 */
export function isPublicState(state: string): boolean {
  return (PUBLIC_STATES as readonly string[]).includes(state);
}
