import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import {
  DEFAULT_TRUST_WEIGHTS,
  TRUST_COMPONENT_NAMES,
  TRUST_METHODOLOGY_VERSION,
  freshnessScoreFor,
  type TrustComponentInput,
  type TrustComponentName,
} from "./components";
import { computeTrustScore } from "./compute-trust-score";

const asOf = new Date("2026-11-01T00:00:00Z");
const evidence = new Date("2026-06-30T00:00:00Z");

function components(
  scores: Partial<Record<TrustComponentName, number>>,
  weights: Partial<Record<TrustComponentName, number>> = DEFAULT_TRUST_WEIGHTS,
): TrustComponentInput[] {
  return TRUST_COMPONENT_NAMES.map((component) => ({
    component,
    score: scores[component] ?? 0,
    weight: weights[component] ?? 0,
    evidence_date: evidence,
    source: "Annual report 2025",
  }));
}

function invalidFields(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return (error as ApiError).extras.errors?.map((e) => e.name) ?? [];
  }
  throw new Error("expected computeTrustScore to throw");
}

describe("computeTrustScore", () => {
  it("weighs each component by its basis points", () => {
    const result = computeTrustScore(
      components({ verification: 100, financial_transparency: 80, governance: 60, accountability: 40, freshness: 20 }),
      { asOf },
    );
    // 30 + 20 + 12 + 6 + 2
    expect(result.score).toBe(70);
    expect(result.components.map((c) => c.contribution)).toEqual([30, 20, 12, 6, 2]);
  });

  it("keeps its reasons: methodology, as_of and every component with its provenance", () => {
    const result = computeTrustScore(components({ verification: 90 }), { asOf });
    expect(result.methodology_version).toBe(TRUST_METHODOLOGY_VERSION);
    expect(result.as_of).toEqual(asOf);
    expect(result.components).toHaveLength(5);
    expect(result.components[0]).toMatchObject({
      component: "verification",
      score: 90,
      weight: 3000,
      evidence_date: evidence,
      source: "Annual report 2025",
    });
  });

  it("lists components in the methodology's order whatever order they come in", () => {
    const result = computeTrustScore(components({ governance: 50 }).reverse(), { asOf });
    expect(result.components.map((c) => c.component)).toEqual([...TRUST_COMPONENT_NAMES]);
  });

  it("rounds half up, on exact integer arithmetic", () => {
    const halves = { verification: 5000, freshness: 5000 };
    expect(computeTrustScore(components({ verification: 1 }, halves), { asOf }).score).toBe(1);
    expect(computeTrustScore(components({ verification: 2, freshness: 1 }, halves), { asOf }).score).toBe(2);
    // 0.4999: stays down
    const skewed = { verification: 4999, freshness: 5001 };
    expect(computeTrustScore(components({ verification: 1 }, skewed), { asOf }).score).toBe(0);
  });

  it("reaches exactly 0 and 100 at the bounds", () => {
    expect(computeTrustScore(components({}), { asOf }).score).toBe(0);
    const full = Object.fromEntries(TRUST_COMPONENT_NAMES.map((n) => [n, 100]));
    expect(computeTrustScore(components(full), { asOf }).score).toBe(100);
  });

  it("refuses weights that do not add up to 10,000", () => {
    const weights = { ...DEFAULT_TRUST_WEIGHTS, freshness: 999 };
    expect(invalidFields(() => computeTrustScore(components({}, weights), { asOf }))).toEqual(["components"]);
  });

  it("refuses scores and weights that are not integers in range, naming each field", () => {
    const input = components({ verification: 101, governance: 12.5, accountability: -1 });
    input[4] = { ...input[4]!, weight: 1000.5 };
    expect(invalidFields(() => computeTrustScore(input, { asOf }))).toEqual([
      "components[0].score",
      "components[2].score",
      "components[3].score",
      "components[4].weight",
      "components",
    ]);
  });

  it("refuses duplicate or unknown components, missing sources and evidence newer than as_of", () => {
    const input = components({});
    input[1] = { ...input[1]!, component: "verification" };
    input[2] = { ...input[2]!, component: "popularity" as TrustComponentName };
    input[3] = { ...input[3]!, source: " " };
    input[4] = { ...input[4]!, evidence_date: new Date("2026-11-02T00:00:00Z") };
    expect(invalidFields(() => computeTrustScore(input, { asOf }))).toEqual([
      "components[1].component",
      "components[2].component",
      "components[3].source",
      "components[4].evidence_date",
    ]);
  });

  it("refuses an empty component list and an invalid as_of", () => {
    expect(invalidFields(() => computeTrustScore([], { asOf }))).toEqual(["components"]);
    expect(invalidFields(() => computeTrustScore(components({}), { asOf: new Date("nope") }))).toEqual(["as_of"]);
  });
});

describe("freshnessScoreFor", () => {
  const daysBefore = (days: number) => new Date(asOf.getTime() - days * 86_400_000);

  it("gives full marks up to 90 days, then loses 5 points per 30 days begun, down to 0", () => {
    expect(freshnessScoreFor(asOf, asOf)).toBe(100);
    expect(freshnessScoreFor(daysBefore(90), asOf)).toBe(100);
    expect(freshnessScoreFor(daysBefore(91), asOf)).toBe(95);
    expect(freshnessScoreFor(daysBefore(120), asOf)).toBe(95);
    expect(freshnessScoreFor(daysBefore(121), asOf)).toBe(90);
    expect(freshnessScoreFor(daysBefore(690), asOf)).toBe(0);
    expect(freshnessScoreFor(daysBefore(5000), asOf)).toBe(0);
  });
});
