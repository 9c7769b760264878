// The lifecycle's legal moves (docs/concepts.md#ngo-states-and-their-transitions): the one table
// the write API, the CLI and the tests read. Anything not listed is a 409.
import type { NgoState } from "@/lib/tiers";

export const TRANSITIONS: Readonly<Record<NgoState, readonly NgoState[]>> = {
  draft: ["pending_review"],
  pending_review: ["verified", "draft"],
  verified: ["suspended", "revoked", "archived"],
  suspended: ["verified", "revoked", "archived"],
  revoked: ["pending_review", "archived"],
  archived: [],
};

/** Moves that take something away from an NGO need a reason on the record. */
export const REASON_REQUIRED: readonly NgoState[] = ["suspended", "revoked", "archived"];

export function isLegalTransition(from: NgoState, to: NgoState): boolean {
  return TRANSITIONS[from].includes(to);
}
