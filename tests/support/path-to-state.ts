import type { NgoState } from "@/lib/tiers";

/** A legal path of transitions from draft to each state, for tests that need an entry in one. */
export const PATH_TO_STATE: Record<NgoState, NgoState[]> = {
  draft: [],
  pending_review: ["pending_review"],
  verified: ["pending_review", "verified"],
  suspended: ["pending_review", "verified", "suspended"],
  revoked: ["pending_review", "verified", "revoked"],
  archived: ["pending_review", "verified", "archived"],
};
