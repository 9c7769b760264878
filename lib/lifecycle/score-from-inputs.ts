import { ApiError } from "@/lib/errors/api-error";
import { DEFAULT_TRUST_WEIGHTS, type TrustComponentInput, type TrustScore } from "@/lib/trust/components";
import { computeTrustScore } from "@/lib/trust/compute-trust-score";
import type { TrustComponentBody } from "./schemas";

/**
 * The trust score, with its provenance, from the score inputs of a write. A component without a
 * weight gets its default; the errors name the body's field (trust_components[i].…).
 */
export function scoreFromInputs(inputs: readonly TrustComponentBody[], asOf: Date): TrustScore {
  const components: TrustComponentInput[] = inputs.map((c) => ({
    component: c.component,
    score: c.score,
    weight: c.weight ?? DEFAULT_TRUST_WEIGHTS[c.component],
    evidence_date: new Date(`${c.evidence_date}T00:00:00Z`),
    source: c.source,
  }));
  try {
    return computeTrustScore(components, { asOf });
  } catch (error) {
    if (!(error instanceof ApiError) || !error.extras.errors) throw error;
    throw ApiError.invalid(error.extras.errors.map((e) => ({ ...e, name: e.name.replace(/^components/, "trust_components") })));
  }
}
