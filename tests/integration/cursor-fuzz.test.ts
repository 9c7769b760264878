// Five thousand mutated cursors, over REST `cursor` and GraphQL `after`: bit flips, truncations,
// cursors of other queries, and readable cursors of every JSON shape (the format before cursors
// were sealed). Every one is refused as a 400 naming the cursor, never a 5xx; real cursors still
// walk the registry. Each run draws new cursors from a seed of its own (TEST_FUZZ_SEED repeats a
// run; a failure names its seed): a fixed seed tested the same ten thousand every time.
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mulberry32 } from "@/lib/sample/sample-random";
import { startApp, type StartedApp } from "../support/app";
import { postGraphQL } from "../support/graphql-client";
import { inParallel } from "../support/in-parallel";

const PER_SURFACE = 2_500;
const SEED = Number(process.env.TEST_FUZZ_SEED) || randomInt(1, 2 ** 31);
const LISTS = ["sort=-trust_score", "sort=name", "sort=verified_at", "sort=-verified_at", "q=water", "q=water&sort=relevance"];
const PAGE_QUERY = `query($after: String, $sort: NgoSort) { ngos_page(after: $after, sort: $sort, limit: 2) { entries { slug } next_cursor } }`;

// Values a forger would try where the sort value and the id go.
const HOSTILE: unknown[] = [
  1.5, 1e12, -1e308, 5e-324, Number.MAX_SAFE_INTEGER + 2, 0, -0, "87", "", "\u0000", "ngo_\u0000x", "a".repeat(600),
  "2020 (x)", "-271821-04-20", "+275760-09-13T00:00:00.000Z", "2026-02-30T25:61:61Z", null, true, false, [], [1, 2], {}, { a: 1 },
  "' OR 1=1 --", "😀", "\u202e",
];

let app: StartedApp;
const real: { list: string; cursor: string }[] = [];
let graphqlCursor = "";

beforeAll(async () => {
  app = await startApp();
  for (const list of LISTS) {
    const body = (await (await fetch(`${app.url}/api/registry/ngos?limit=2&${list}`)).json()) as { page: { next_cursor: string | null } };
    if (body.page.next_cursor) real.push({ list, cursor: body.page.next_cursor });
  }
  const page = await postGraphQL<{ ngos_page: { next_cursor: string } }>(`${app.url}/api/registry/graphql`, PAGE_QUERY, { variables: { sort: "name" } });
  graphqlCursor = page.body.data?.ngos_page.next_cursor ?? "";
});
afterAll(async () => {
  await app?.stop();
});

function mutatedCursor(next: () => number): string {
  for (;;) {
    const [source, mutated] = mutation(next);
    if (mutated !== source) return mutated;
  }
}

function mutation(next: () => number): [source: string, mutated: string] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const source = pick(real).cursor;
  const bytes = Buffer.from(source, "base64url");
  const roll = next();
  if (roll < 0.4) {
    for (let flips = 1 + Math.floor(next() * 3); flips > 0; flips--) {
      const at = Math.floor(next() * bytes.length);
      bytes[at] = (bytes[at] as number) ^ (1 << Math.floor(next() * 8));
    }
    return [source, bytes.toString("base64url")];
  }
  if (roll < 0.5) return [source, bytes.subarray(0, 1 + Math.floor(next() * (bytes.length - 1))).toString("base64url")];
  if (roll < 0.55) return [source, source + pick(["A", "AA", "_", source])];
  if (roll < 0.6) return [source, pick(real).cursor.slice(0, 20) + source.slice(20)];
  // The readable format of old: [fingerprint, value, id], with every JSON type in every place.
  const shapes = [
    [pick(["", "x", source.slice(0, 12)]), pick(HOSTILE), pick(HOSTILE)],
    [pick(HOSTILE), pick(HOSTILE), "ngo_abc"],
    [pick(HOSTILE)],
    pick(HOSTILE),
  ];
  return [source, Buffer.from(JSON.stringify(pick(shapes)) ?? "null").toString("base64url")];
}

describe("mutated cursors", () => {
  it("real cursors of every sort walk on", async () => {
    expect(real).toHaveLength(LISTS.length);
    for (const { list, cursor } of real) {
      const response = await fetch(`${app.url}/api/registry/ngos?limit=2&${list}&cursor=${cursor}`);
      expect(response.status, list).toBe(200);
    }
    const text = JSON.stringify(real);
    expect(Buffer.from(real[0]?.cursor ?? "", "base64url").toString("latin1")).not.toMatch(/ngo_/);
    expect(text).not.toMatch(/ngo_/);
  });

  it("a cursor of another query is a 400 saying so", async () => {
    const [first, second] = real;
    const response = await fetch(`${app.url}/api/registry/ngos?limit=2&${second?.list}&cursor=${first?.cursor}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: [{ name: "cursor", reason: expect.stringMatching(/other filters/) }] });
  });

  it(`${PER_SURFACE} mutated REST cursors: each a 400 naming cursor`, { timeout: 300_000 }, async () => {
    const next = mulberry32(SEED);
    const failures: string[] = [];
    const items = Array.from({ length: PER_SURFACE }, () => ({ list: real[Math.floor(next() * real.length)]?.list, cursor: mutatedCursor(next) }));
    await inParallel(items, 8, async ({ list, cursor }) => {
      const response = await fetch(`${app.url}/api/registry/ngos?limit=2&${list}&cursor=${encodeURIComponent(cursor)}`);
      const body = (await response.json()) as { errors?: { name: string }[] };
      if (response.status !== 400 || body.errors?.[0]?.name !== "cursor") failures.push(`${response.status} ${list} ${cursor.slice(0, 80)}`);
    });
    expect(failures, `TEST_FUZZ_SEED=${SEED}`).toEqual([]);
    expect(app.logs()).not.toMatch(/unhandled|internal-error/);
  });

  it(`${PER_SURFACE} mutated GraphQL cursors: each refused, none an internal error`, { timeout: 300_000 }, async () => {
    const next = mulberry32(SEED + 1);
    const failures: string[] = [];
    real.push({ list: "graphql", cursor: graphqlCursor });
    const cursors = Array.from({ length: PER_SURFACE }, () => mutatedCursor(next));
    await inParallel(cursors, 8, async (after) => {
      const { status, body } = await postGraphQL(`${app.url}/api/registry/graphql`, PAGE_QUERY, { variables: { after, sort: "name" } });
      const error = body.errors?.[0];
      if (status >= 500 || error === undefined || error.extensions?.code === "INTERNAL_SERVER_ERROR" || !/cursor|after/.test(JSON.stringify(error))) {
        failures.push(`${status} ${JSON.stringify(error ?? body.data).slice(0, 120)} ${after.slice(0, 60)}`);
      }
    });
    expect(failures, `TEST_FUZZ_SEED=${SEED}`).toEqual([]);
    expect(app.logs()).not.toMatch(/unhandled|internal-error/);
  });
});
