import { Kind, parse, type FragmentDefinitionNode, type OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { operationCost } from "./query-cost";
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

  it("leaves introspection to its own limits", () => {
    expect(cost(`{ __schema { types { name fields { name } } } }`)).toBe(0);
  });
});
