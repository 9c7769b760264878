import { ApiError, type FieldError } from "@/lib/errors/api-error";
import {
  TRUST_COMPONENT_NAMES,
  TRUST_METHODOLOGY_VERSION,
  TRUST_WEIGHT_TOTAL,
  type TrustComponentInput,
  type TrustScore,
} from "./components";

/**
 * Weighs the named components into one score, 0–100, rounded half up. The result carries every
 * component with its contribution, the methodology version and the date it holds for, so the
 * score can always be explained and recomputed. Invalid components are an invalid_request naming
 * each offending field.
 */
export function computeTrustScore(
  components: readonly TrustComponentInput[],
  { asOf }: { asOf: Date },
): TrustScore {
  const errors = validate(components, asOf);
  if (errors.length) throw ApiError.invalid(errors);

  const rank = (c: TrustComponentInput) => TRUST_COMPONENT_NAMES.indexOf(c.component);
  const ordered = [...components].sort((a, b) => rank(a) - rank(b));
  // Integer arithmetic throughout: the weighted sum is exact, and only the final division rounds.
  let weighted = 0;
  for (const c of ordered) weighted += c.score * c.weight;
  return {
    score: Math.floor((weighted + TRUST_WEIGHT_TOTAL / 2) / TRUST_WEIGHT_TOTAL),
    methodology_version: TRUST_METHODOLOGY_VERSION,
    as_of: asOf,
    components: ordered.map((c) => ({
      component: c.component,
      score: c.score,
      weight: c.weight,
      evidence_date: c.evidence_date,
      source: c.source,
      contribution: (c.score * c.weight) / TRUST_WEIGHT_TOTAL,
    })),
  };
}

function validate(components: readonly TrustComponentInput[], asOf: Date): FieldError[] {
  const errors: FieldError[] = [];
  const asOfValid = isValidDate(asOf);
  if (!asOfValid) errors.push({ name: "as_of", reason: "must be a valid date" });
  if (components.length === 0) errors.push({ name: "components", reason: "at least one component is required" });

  const seen = new Set<string>();
  let total = 0;
  components.forEach((c, i) => {
    if (!(TRUST_COMPONENT_NAMES as readonly string[]).includes(c.component)) {
      errors.push({ name: fieldName(i, "component"), reason: `must be one of ${TRUST_COMPONENT_NAMES.join(", ")}` });
    } else if (seen.has(c.component)) {
      errors.push({ name: fieldName(i, "component"), reason: `${c.component} is given more than once` });
    }
    seen.add(c.component);
    if (!isIntegerIn(c.score, 0, 100)) errors.push({ name: fieldName(i, "score"), reason: "must be an integer from 0 to 100" });
    if (isIntegerIn(c.weight, 0, TRUST_WEIGHT_TOTAL)) total += c.weight;
    else errors.push({ name: fieldName(i, "weight"), reason: `must be an integer from 0 to ${TRUST_WEIGHT_TOTAL} basis points` });
    if (!isValidDate(c.evidence_date)) {
      errors.push({ name: fieldName(i, "evidence_date"), reason: "must be a valid date" });
    } else if (asOfValid && c.evidence_date.getTime() > asOf.getTime()) {
      errors.push({ name: fieldName(i, "evidence_date"), reason: "must not be later than as_of" });
    }
    if (typeof c.source !== "string" || c.source.trim() === "") {
      errors.push({ name: fieldName(i, "source"), reason: "must name where the evidence came from" });
    }
  });
  if (components.length > 0 && total !== TRUST_WEIGHT_TOTAL) {
    errors.push({ name: "components", reason: `weights must add up to ${TRUST_WEIGHT_TOTAL} basis points, not ${total}` });
  }
  return errors;
}

function fieldName(index: number, name: string): string {
  return `components[${index}].${name}`;
}

function isIntegerIn(value: unknown, min: number, max: number): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
}

function isValidDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}
