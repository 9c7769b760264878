// The trust-score methodology: which named components make up a score, how much each weighs,
// and how evidence ages. A score is always published with its methodology version, so a change
// to anything here that moves scores needs a new version.

export const TRUST_METHODOLOGY_VERSION = "2026.1";

export const TRUST_COMPONENT_NAMES = [
  "verification",
  "financial_transparency",
  "governance",
  "accountability",
  "freshness",
] as const;

export type TrustComponentName = (typeof TRUST_COMPONENT_NAMES)[number];

/** Weights are basis points: integers that add up to exactly this, so no float ever decides a score. */
export const TRUST_WEIGHT_TOTAL = 10_000;

export const DEFAULT_TRUST_WEIGHTS: Readonly<Record<TrustComponentName, number>> = {
  verification: 3000,
  financial_transparency: 2500,
  governance: 2000,
  accountability: 1500,
  freshness: 1000,
};

/** One component as assessed: its score (integer 0–100), weight, and where the evidence came from. */
export type TrustComponentInput = {
  component: TrustComponentName;
  score: number;
  weight: number;
  evidence_date: Date;
  source: string;
};

export type TrustComponent = TrustComponentInput & {
  /** Points this component adds to the score before rounding (score × weight / 10,000). */
  contribution: number;
};

/** A trust score never travels without its reasons. */
export type TrustScore = {
  score: number;
  methodology_version: string;
  as_of: Date;
  components: TrustComponent[];
};

const DAY_MS = 86_400_000;

/**
 * The freshness component's score from the age of the newest evidence on file: full marks up to
 * 90 days, then 5 points fewer for every further 30 days begun, so evidence about two years old
 * scores 0. Donors care whether anyone has looked lately, more than at any single document.
 */
export function freshnessScoreFor(newestEvidence: Date, asOf: Date): number {
  const ageDays = Math.max(0, Math.floor((asOf.getTime() - newestEvidence.getTime()) / DAY_MS));
  if (ageDays <= 90) return 100;
  return Math.max(0, 100 - 5 * Math.ceil((ageDays - 90) / 30));
}
