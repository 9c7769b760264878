import { Kind, parse, type FragmentDefinitionNode, type OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { operationCost, STATS_COST } from "./query-cost";
import { MAX_COST } from "./query-limits-plugin";
import { registrySchema } from "./schema";

function cost(query: string, variables?: Record<string, unknown>): number {
  const document = parse(query);
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION);
  return operationCost(registrySchema, operation, fragments, variables);
}

const EVERY_FIELD = `id slug name legal_name registration_number state sector country city website description
  founded_year trust_score donations_enabled verified_at created_at updated_at
  trust { score methodology_version as_of components { component score weight evidence_date source } }
  state_history { from to actor reason at }`;

describe("query cost", () => {
  it("multiplies what a list selects by its limit", () => {
    expect(cost(`{ ngos(sector: "health", limit: 5) { name slug state trust_score } }`)).toBe(1 + 5 * 4);
    expect(cost(`{ ngos { name } }`)).toBe(1 + 20 * 1);
    expect(cost(`query($n: Int) { ngos(limit: $n) { name } }`, { n: 100 })).toBe(101);
    expect(cost(`query($n: Int) { ngos(limit: $n) { name } }`, {})).toBe(21);
    expect(cost(`{ ngos_page(limit: 10) { entries { name } next_cursor } }`)).toBe(1 + 10 * (1 + 1 + 1));
  });

  it("reads a limit from a variable as execution will: its default when the client sends none", () => {
    const defaulted = `query($l: Int = 100) { ngos(limit: $l) { name } }`;
    expect(cost(defaulted)).toBe(101);
    expect(cost(defaulted, { l: 5 })).toBe(6);
    // An explicit null is no limit at all: the resolver's default page.
    expect(cost(defaulted, { l: null })).toBe(21);
    const aliased = `query($l: Int = 100) { a: ngos(limit: $l) { ${EVERY_FIELD} } b: ngos(limit: $l) { ${EVERY_FIELD} } }`;
    expect(cost(aliased)).toBeGreaterThan(MAX_COST);
  });

  it("counts what a limit the resolver refuses could have cost at most", () => {
    expect(cost(`{ ngos(limit: 100000) { name } }`)).toBe(101);
    expect(cost(`query($n: Int) { ngos(limit: $n) { name } }`, { n: "lots" })).toBe(101);
  });

  it("prices a full page of 100 entries with components and history", () => {
    expect(cost(`{ ngos(limit: 100) { ${EVERY_FIELD} } }`)).toBe(9_801);
  });

  it("counts fragments and aliases; a fragment spread many times is walked once", () => {
    const direct = cost(`{ a: ngos(limit: 3) { name city } b: ngos(limit: 3) { name city } }`);
    expect(cost(`{ a: ngos(limit: 3) { ...F } b: ngos(limit: 3) { ... on Ngo { name city } } } fragment F on Ngo { name city }`)).toBe(direct);
    const nested = `{ ngos(limit: 1) { ...A } } fragment A on Ngo { ...B ...B } fragment B on Ngo { ...C ...C } fragment C on Ngo { name }`;
    expect(cost(nested)).toBe(1 + 1 * 4);
  });

  it("prices each stats as the scan it is: any two fit, three never", () => {
    const full = `total average_trust_score by_state { state count } by_sector { sector count average_trust_score }
      by_country { country count average_trust_score } trust_score_histogram { min max count }`;
    expect(cost(`{ stats { total } }`)).toBe(STATS_COST + 1);
    expect(cost(`{ a: stats(sector: "health") { ${full} } b: stats(sector: "education") { ${full} } }`)).toBeLessThanOrEqual(MAX_COST);
    expect(cost(`{ a: stats(min_trust_score: 1) { total } b: stats(min_trust_score: 2) { total } c: stats(min_trust_score: 3) { total } }`)).toBeGreaterThan(MAX_COST);
    const fifteen = Array.from({ length: 15 }, (_, i) => `s${i}: stats(min_trust_score: ${i}) { total }`).join(" ");
    expect(cost(`{ ${fifteen} }`)).toBeGreaterThan(MAX_COST);
    // What the explorer asks: one stats beside a page of entries.
    expect(cost(`{ stats { ${full} } ngos(sector: "health", limit: 20) { name slug state trust_score } }`)).toBeLessThanOrEqual(MAX_COST);
  });

  it("leaves introspection to its own limits", () => {
    expect(cost(`{ __schema { types { name fields { name } } } }`)).toBe(0);
  });
});
