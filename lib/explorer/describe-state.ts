import type { NgoState } from "@/lib/tiers";

type PublicStateText = { label: string; meaning: string };

const STATES: Partial<Record<NgoState, PublicStateText>> = {
  verified: { label: "Verified", meaning: "The registry has checked this organisation and its records are current." },
  suspended: {
    label: "Suspended",
    meaning:
      "The registry has suspended this organisation's verification while it looks into a concern. Do not rely on the listing until it is verified again.",
  },
  revoked: {
    label: "Revoked",
    meaning:
      "The registry has withdrawn this organisation's verification. It no longer meets the registry's standards; it may apply again.",
  },
};

/** The public words for a state: a badge label and what it means for a donor. */
export function describeState(state: NgoState): PublicStateText {
  return STATES[state] ?? { label: state, meaning: "" };
}
