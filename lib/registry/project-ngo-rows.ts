import { loadNgoDetails } from "./load-ngo-details";
import { toNgoEntry, type NgoRow } from "./ngo-record";
import { projectNgo, type ProjectedNgo } from "./project-ngo";
import type { Tier } from "@/lib/tiers";

/** Entries read with ngoColumns(tier), with their details (two queries for all of them), as the tier sees them. */
export async function projectNgoRows(rows: readonly NgoRow[], tier: Tier): Promise<ProjectedNgo[]> {
  const details = await loadNgoDetails(rows.map((r) => r.id), tier);
  return rows.map((row) => projectNgo(toNgoEntry(row, details(row.id)), tier));
}
