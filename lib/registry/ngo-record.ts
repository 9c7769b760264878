// A registry entry as the read path loads it: the columns a tier may see, the row they make,
// and the conversion to API form (snake_case, RFC 3339 UTC times).
import { Prisma } from "@/lib/db";
import type { NgoEntry, StateChange, TrustComponent } from "./entry-schema";
import type { SectorId } from "./sectors";
import { canSee, NGO_FIELD_TIERS, TIERS, type NgoField, type NgoState, type Tier } from "@/lib/tiers";

/** RFC 3339 UTC text made by PostgreSQL: no Date parsed and formatted again per value in Node. */
export function utcText(column: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

// The columns behind each field; state_history comes from its own table (loadNgoDetails).
const FIELD_COLUMNS: Record<NgoField, Prisma.Sql | null> = {
  id: null, // always selected: cursors and details need it
  slug: Prisma.sql`n.slug`,
  name: Prisma.sql`n.name`,
  legal_name: Prisma.sql`n.legal_name`,
  registration_number: Prisma.sql`n.registration_number`,
  state: Prisma.sql`n.state::text AS state`,
  sector: Prisma.sql`n.sector_id AS sector`,
  country: Prisma.sql`n.country`,
  city: Prisma.sql`n.city`,
  website: Prisma.sql`n.website`,
  description: Prisma.sql`n.description`,
  founded_year: Prisma.sql`n.founded_year`,
  trust_score: Prisma.sql`n.trust_score`,
  trust: Prisma.sql`n.trust_methodology, ${utcText(Prisma.sql`n.trust_as_of`)} AS trust_as_of`,
  state_history: null,
  donations_enabled: Prisma.sql`n.donations_enabled`,
  verified_at: Prisma.sql`${utcText(Prisma.sql`n.verified_at`)} AS verified_at`,
  created_at: Prisma.sql`${utcText(Prisma.sql`n.created_at`)} AS created_at`,
  updated_at: Prisma.sql`${utcText(Prisma.sql`n.updated_at`)} AS updated_at`,
};

const COLUMNS_BY_TIER = Object.fromEntries(
  TIERS.map((tier) => {
    const visible = (Object.keys(NGO_FIELD_TIERS) as NgoField[]).filter((f) => canSee(tier, f));
    const columns = visible.map((f) => FIELD_COLUMNS[f]).filter((c): c is Prisma.Sql => c !== null);
    return [tier, Prisma.join([Prisma.sql`n.id`, ...columns], ", ")];
  }),
) as Record<Tier, Prisma.Sql>;

/** The select list for what the tier may see (and the id): nothing more is read or sent. */
export function ngoColumns(tier: Tier): Prisma.Sql {
  return COLUMNS_BY_TIER[tier];
}

export type NgoRow = {
  id: string;
  slug: string;
  name: string;
  state: NgoState;
  sector: SectorId;
  country: string;
  city: string;
  website: string | null;
  description: string;
  trust_score: number;
  verified_at: string | null;
} & Partial<{
  legal_name: string;
  registration_number: string;
  founded_year: number | null;
  trust_methodology: string;
  trust_as_of: string;
  donations_enabled: boolean;
  created_at: string;
  updated_at: string;
}>;

export type NgoDetails = { components: TrustComponent[]; history: StateChange[] };

export type { NgoEntry, StateChange, TrustComponent };

/**
 * The entry as far as the row carries it; projectNgo then keeps what the tier may see. The row
 * is the driver's fresh object and is completed in place: this runs for every entry of a page.
 */
export function toNgoEntry(row: NgoRow, details: NgoDetails): Partial<NgoEntry> {
  const entry: NgoRow & Partial<NgoEntry> = row;
  if (row.trust_methodology !== undefined && row.trust_as_of !== undefined) {
    entry.trust = {
      score: row.trust_score,
      methodology_version: row.trust_methodology,
      as_of: row.trust_as_of,
      components: details.components,
    };
  }
  entry.state_history = details.history;
  return entry;
}
