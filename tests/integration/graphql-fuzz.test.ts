// Thousands of malformed, mutated and hostile GraphQL requests: every answer is a 2xx or a 4xx,
// never a 5xx, never an INTERNAL_SERVER_ERROR inside a 200, and no answer leaks internals.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mulberry32 } from "@/lib/sample/sample-random";
import { startApp, type StartedApp } from "../support/app";
import { inParallel } from "../support/in-parallel";

const REQUESTS = 2_000;

const VALID = [
  `{ ngos(sector: "health", limit: 5) { name slug state trust_score } }`,
  `query Q($s: String, $n: Int) { ngos(sector: $s, limit: $n) { name trust { components { score } } } }`,
  `query($after: String) { ngos_page(after: $after, sort: name, limit: 3) { entries { slug } next_cursor } }`,
  `{ ngo(slug: "demo-water-trust") { name legal_name state_history { to } } }`,
  `{ stats(country: "BR", min_trust_score: 10) { total by_sector { sector count } } }`,
  `{ sectors { id name } __typename }`,
  `{ __schema { types { name fields { name } } } }`,
];
const TOKENS = [
  "{", "}", "(", ")", "[", "]", ":", "...", "@include(if: true)", "@skip(if: $x)", "$x", "$n", "!", "=", "|", "&",
  "ngos", "ngos_page", "ngo", "stats", "sectors", "__schema", "__type", "name", "slug", "trust", "components", "fields",
  "limit: 0", "limit: 101", "limit: -1", "limit: 2147483648", "limit: 1.5", 'limit: "5"', "limit: null", "state: [draft]",
  "state: verified", 'sector: ""', 'sector: "astrology"', 'country: "ZZZ"', 'search: "\\u0000"', 'search: "a & b | !c"',
  "sort: relevance", "sort: nope", 'after: "eyJ9"', 'after: "WyIiLG51bGwsIiJd"', 'slug: "../../etc/passwd"',
  "query", "mutation", "subscription", "fragment F on Ngo", "on", "Ngo", "true", "null", "1e999", '"""block"""', "#",
  "' OR 1=1 --", "😀", "\u202e", "a".repeat(300),
];
const VARIABLE_VALUES: unknown[] = [
  null, 0, -1, 101, 20, 1e308, "5", "", "health", "draft", ["verified"], {}, { n: 1 }, true, "a".repeat(5000), "eyJ9",
];

function fuzzBody(next: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const roll = next();
  if (roll < 0.05) return pick(["", "{", "null", "[]", '"query"', "{}", '{"query": 5}', '{"query": {}}', '{"variables": "x"}', "\u0000"]);
  let query: string;
  if (roll < 0.45) {
    // A valid query with a few tokens inserted, deleted or duplicated.
    const parts = pick(VALID).split(" ");
    for (let edits = 1 + Math.floor(next() * 3); edits > 0; edits--) {
      const at = Math.floor(next() * parts.length);
      const op = next();
      if (op < 0.4) parts.splice(at, 0, pick(TOKENS));
      else if (op < 0.7) parts.splice(at, 1);
      else parts.splice(at, 0, parts[at] ?? "");
    }
    query = parts.join(" ");
  } else if (roll < 0.75) {
    query = Array.from({ length: 1 + Math.floor(next() * 40) }, () => pick(TOKENS)).join(" ");
  } else {
    query = pick(VALID);
  }
  const variables = next() < 0.5 ? undefined : { s: pick(VARIABLE_VALUES), n: pick(VARIABLE_VALUES), after: pick(VARIABLE_VALUES), x: pick(VARIABLE_VALUES) };
  return JSON.stringify({ query, variables, operationName: next() < 0.1 ? pick(["Q", "", "nope"]) : undefined });
}

let app: StartedApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

describe("fuzzed GraphQL requests", () => {
  it(`answers ${REQUESTS} malformed documents and variables without a single 5xx`, { timeout: 240_000 }, async () => {
    const next = mulberry32(20261123);
    const bodies = Array.from({ length: REQUESTS }, () => fuzzBody(next));
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    await inParallel(bodies, 8, async (body, index) => {
      const path = index % 2 ? "/public/api/registry/graphql" : "/api/registry/graphql";
      const response = await fetch(`${app.url}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
      const text = await response.text();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 500) failures.push(`${response.status} ${body.slice(0, 300)}`);
      if (text.includes("INTERNAL_SERVER_ERROR")) failures.push(`internal error in ${body.slice(0, 300)}: ${text.slice(0, 300)}`);
      // A field suggestion (Did you mean "name"?) would leak the schema past hideSchemaDetailsFromClientErrors.
      if (/prisma|SELECT |stacktrace|at .*\.[jt]s:\d+|Did you mean "/i.test(text)) failures.push(`leak for ${body.slice(0, 200)}: ${text.slice(0, 300)}`);
    });
    expect(failures).toEqual([]);
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(REQUESTS);
    expect(statuses.get(400)).toBeGreaterThan(REQUESTS / 4);
    expect(statuses.get(200)).toBeGreaterThan(REQUESTS / 10);
    expect(app.logs()).not.toMatch(/unhandled/);
  });
});
