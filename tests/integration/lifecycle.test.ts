// The write API over HTTP: creating entries, updating them (If-Match), every legal and illegal
// transition, concurrent transitions, history for partners, and hidden states staying hidden.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRANSITIONS } from "@/lib/lifecycle/transitions";
import { NGO_STATES, type NgoState } from "@/lib/tiers";
import type { StartedApp } from "../support/app";
import { startAppWithKeys, type CreatedKeys } from "../support/app-with-keys";
import { postGraphQL } from "../support/graphql-client";
import { PATH_TO_STATE } from "../support/path-to-state";

let app: StartedApp;
let keys: CreatedKeys<"operator" | "partner">;

beforeAll(async () => {
  ({ app, keys } = await startAppWithKeys({
    operator: { name: "Registry desk", kind: "secret", tier: "operator" },
    partner: { name: "Newsroom", kind: "secret", tier: "partner" },
  }));
});

afterAll(async () => {
  await app?.stop();
});

type Entry = { slug: string; state: NgoState; trust_score: number; trust?: { score: number; methodology_version: string }; state_history?: { from: string | null; to: string; actor: string; reason: string }[] };

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, key = keys.operator.key) {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as { data: Entry; detail?: string; errors?: { name: string }[] } };
}

let counter = 0;
async function create(extra: Record<string, unknown> = {}): Promise<Entry> {
  const { status, body } = await call("POST", "/api/v1/ngos", { name: `Lifecycle Test ${++counter} ${Date.now()}`, sector: "health", country: "ke", ...extra });
  expect(status).toBe(201);
  return body.data;
}

const move = (slug: string, to: NgoState, reason = "because the test says so") => call("POST", `/api/v1/ngos/${slug}/transitions`, { to, reason });

async function createIn(state: NgoState): Promise<Entry> {
  const entry = await create();
  for (const to of PATH_TO_STATE[state]) expect((await move(entry.slug, to)).status).toBe(200);
  return entry;
}

describe("creating entries", () => {
  it("makes a draft with a slug derived from the name, unique, with a first history line", async () => {
    const first = await call("POST", "/api/v1/ngos", { name: "Água Limpa Já!", sector: "water_sanitation", country: "br" });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ slug: "agua-limpa-ja", state: "draft", country: "BR", trust_score: 0 });
    expect(first.headers.get("location")).toBe("/api/v1/ngos/agua-limpa-ja");
    expect(first.headers.get("etag")).toBe('"v1"');
    const second = await call("POST", "/api/v1/ngos", { name: "Agua limpa ja", sector: "water_sanitation", country: "BR" });
    expect(second.body.data.slug).toBe("agua-limpa-ja-2");
    expect(first.body.data.state_history).toEqual([expect.objectContaining({ from: null, to: "draft", actor: `Registry desk (${keys.operator.id})` })]);
    const taken = await call("POST", "/api/v1/ngos", { name: "X", slug: "agua-limpa-ja", sector: "health", country: "BR" });
    expect(taken.status).toBe(409);
  });

  it("keeps every field it is given, and scores inputs given at creation", async () => {
    const given = {
      name: `Full Profile ${Date.now()}`,
      legal_name: "Full Profile e.V.",
      registration_number: "VR 12345",
      sector: "education",
      country: "de",
      city: "Köln",
      website: "https://full-profile.example.org",
      description: "Schools, with accents: é ü ß.",
      founded_year: 1999,
      donations_enabled: true,
      trust_components: [{ component: "verification", score: 70, weight: 10_000, evidence_date: "2026-03-01", source: "registry extract" }],
    };
    const created = await call("POST", "/api/v1/ngos", given);
    expect(created.status).toBe(201);
    const profile = Object.fromEntries(Object.entries(given).filter(([name]) => name !== "trust_components"));
    const read = (await call("GET", `/api/v1/ngos/${created.body.data.slug}`)).body.data;
    expect(read).toMatchObject({ ...profile, country: "DE", state: "draft", trust_score: 70 });
    expect(read.trust).toMatchObject({ score: 70, components: [expect.objectContaining({ component: "verification", evidence_date: "2026-03-01" })] });
    const bare = await create();
    expect(bare).toMatchObject({ website: null, founded_year: null, trust_score: 0 });
  });

  it("names every bad field, and refuses keys without registry:write", async () => {
    const bad = await call("POST", "/api/v1/ngos", { sector: "space", country: "Kenya", website: "ftp://x", surprise: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.name).sort()).toEqual(["country", "name", "sector", "surprise", "website"]);
    for (const [field, value] of [["description", "nul \u0000 inside"], ["city", "\udc00"]] as const) {
      const unstorable = await call("POST", "/api/v1/ngos", { name: "Unstorable", sector: "health", country: "KE", [field]: value });
      expect(unstorable.status, field).toBe(400);
      expect(unstorable.body.errors?.map((e) => e.name)).toEqual([field]);
    }
    const partner = await call("POST", "/api/v1/ngos", { name: "P", sector: "health", country: "KE" }, {}, keys.partner.key);
    expect(partner.status).toBe(403);
  });
});

describe("countries", () => {
  it("takes only assigned ISO 3166-1 codes on create and update, naming country: no ß as SS, no ZZ", async () => {
    for (const country of ["ß", "ZZ", "xk"]) {
      const refused = await call("POST", "/api/v1/ngos", { name: `Country ${country}`, sector: "health", country });
      expect(refused.status, country).toBe(400);
      expect(refused.body.errors?.map((e) => e.name), country).toEqual(["country"]);
    }
    const entry = await create({ country: "ss" });
    expect(entry).toMatchObject({ country: "SS" });
    const update = await call("PATCH", `/api/v1/ngos/${entry.slug}`, { country: "ß" });
    expect(update.status).toBe(400);
    expect(update.body.errors?.map((e) => e.name)).toEqual(["country"]);
  });

  it("refuses them as GraphQL arguments too", async () => {
    for (const country of ["ß", "ZZ"]) {
      const { body } = await postGraphQL(`${app.url}/api/registry/graphql`, `query($c: String) { ngos(country: $c) { slug } }`, { variables: { c: country } });
      expect(body.errors?.[0]?.extensions, country).toMatchObject({ code: "BAD_USER_INPUT", arguments: [{ name: "country" }] });
    }
  });
});

describe("transitions", () => {
  it("allows exactly the legal moves of docs/concepts.md and names the allowed ones otherwise", async () => {
    for (const from of NGO_STATES) {
      for (const to of NGO_STATES) {
        const entry = await createIn(from);
        const { status, body } = await move(entry.slug, to);
        const legal = TRANSITIONS[from].includes(to);
        expect({ from, to, status }).toEqual({ from, to, status: legal ? 200 : 409 });
        if (legal) expect(body.data.state).toBe(to);
        else expect(body.detail).toContain(TRANSITIONS[from].length ? `allowed moves are to ${TRANSITIONS[from].join(", ")}` : "final");
      }
    }
  });

  it("needs a reason to suspend, revoke or archive", async () => {
    const entry = await createIn("verified");
    for (const to of ["suspended", "revoked", "archived"] as const) {
      const { status, body } = await call("POST", `/api/v1/ngos/${entry.slug}/transitions`, { to });
      expect(status).toBe(400);
      expect(body.errors?.[0]?.name).toBe("reason");
    }
  });

  it("serialises concurrent transitions: one wins, the others see its result", async () => {
    const entry = await createIn("verified");
    const answers = await Promise.all(Array.from({ length: 8 }, () => move(entry.slug, "suspended", "audit")));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    const { body } = await call("GET", `/api/v1/ngos/${entry.slug}`);
    expect(body.data.state_history?.filter((h) => h.to === "suspended")).toHaveLength(1);
  });
});

describe("updates", () => {
  it("is conditional with If-Match: a stale ETag is a 412", async () => {
    const entry = await create();
    const read = await call("GET", `/api/v1/ngos/${entry.slug}`);
    const etag = read.headers.get("etag")!;
    const first = await call("PATCH", `/api/v1/ngos/${entry.slug}`, { city: "Nairobi" }, { "If-Match": etag });
    expect(first.status).toBe(200);
    expect(first.headers.get("etag")).not.toBe(etag);
    const stale = await call("PATCH", `/api/v1/ngos/${entry.slug}`, { city: "Mombasa" }, { "If-Match": etag });
    expect(stale.status).toBe(412);
    expect((await call("GET", `/api/v1/ngos/${entry.slug}`)).body.data).toMatchObject({ city: "Nairobi" });
    const fresh = await call("PATCH", `/api/v1/ngos/${entry.slug}`, { city: "Mombasa" }, { "If-Match": first.headers.get("etag")! });
    expect(fresh.status).toBe(200);
  });

  it("compares If-Match strongly: the current ETag made weak is a 412, * matches an existing entry", async () => {
    const entry = await create();
    const etag = (await call("GET", `/api/v1/ngos/${entry.slug}`)).headers.get("etag")!;
    const weak = await call("PATCH", `/api/v1/ngos/${entry.slug}`, { city: "Kisumu" }, { "If-Match": `W/${etag}` });
    expect(weak.status).toBe(412);
    expect(weak.headers.get("etag")).toBe(etag);
    expect((await call("GET", `/api/v1/ngos/${entry.slug}`)).body.data).not.toMatchObject({ city: "Kisumu" });
    const weakMove = await call("POST", `/api/v1/ngos/${entry.slug}/transitions`, { to: "pending_review", reason: "weak" }, { "If-Match": `W/${etag}` });
    expect(weakMove.status).toBe(412);
    const any = await call("PATCH", `/api/v1/ngos/${entry.slug}`, { city: "Kisumu" }, { "If-Match": "*" });
    expect(any.status).toBe(200);
    expect(any.body.data).toMatchObject({ city: "Kisumu" });
  });

  it("recomputes the trust score with its provenance", async () => {
    const entry = await create();
    const components = [
      { component: "verification", score: 80, evidence_date: "2026-01-10", source: "registry extract" },
      { component: "financial_transparency", score: 60, evidence_date: "2026-02-01", source: "audited accounts" },
      { component: "governance", score: 50, evidence_date: "2026-02-01", source: "board minutes" },
      { component: "accountability", score: 40, evidence_date: "2026-02-01", source: "annual report" },
      { component: "freshness", score: 100, evidence_date: "2026-02-01", source: "review" },
    ];
    const { status, body } = await call("PATCH", `/api/v1/ngos/${entry.slug}`, { trust_components: components });
    expect(status).toBe(200);
    // 80×0.30 + 60×0.25 + 50×0.20 + 40×0.15 + 100×0.10 = 65
    expect(body.data.trust_score).toBe(65);
    expect(body.data.trust).toMatchObject({ score: 65, methodology_version: expect.any(String) });
    const bad = await call("PATCH", `/api/v1/ngos/${entry.slug}`, { trust_components: [{ ...components[0], weight: 5 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.name).toBe("trust_components");
  });
});

describe("visibility", () => {
  it("hides draft and pending_review entries from public and partner on REST and GraphQL, also after a move back", async () => {
    const entry = await createIn("verified");
    const seen = async (key?: string) => {
      const headers: Record<string, string> = key ? { Authorization: `Bearer ${key}` } : {};
      const rest = (await fetch(`${app.url}/api/registry/ngos/${entry.slug}`, { headers })).status;
      const graphql = await postGraphQL<{ ngo: { slug: string } | null }>(`${app.url}/api/registry/graphql`, `query { ngo(slug: "${entry.slug}") { slug } }`, { headers });
      return { rest, graphql: graphql.body.data?.ngo?.slug ?? null };
    };
    expect(await seen()).toEqual({ rest: 200, graphql: entry.slug });
    for (const to of ["revoked", "pending_review", "draft"] as const) {
      expect((await move(entry.slug, to)).status).toBe(200);
      const visible = to === "revoked";
      for (const key of [undefined, keys.partner.key]) {
        expect(await seen(key)).toEqual(visible ? { rest: 200, graphql: entry.slug } : { rest: 404, graphql: null });
      }
    }
  });

  it("shows partners the history with actor and reason, on REST and GraphQL", async () => {
    const entry = await createIn("suspended");
    const headers = { Authorization: `Bearer ${keys.partner.key}` };
    const rest = (await (await fetch(`${app.url}/api/registry/ngos/${entry.slug}`, { headers })).json()) as { data: Entry };
    expect(rest.data.state_history?.at(-1)).toMatchObject({ from: "verified", to: "suspended", actor: `Registry desk (${keys.operator.id})`, reason: "because the test says so" });
    const graphql = await postGraphQL<{ ngo: { state_history: { to: string; actor: string }[] } }>(
      `${app.url}/api/registry/graphql`,
      `query { ngo(slug: "${entry.slug}") { state_history { to actor } } }`,
      { headers },
    );
    expect(graphql.body.data?.ngo.state_history.map((h) => h.to)).toEqual(["draft", "pending_review", "verified", "suspended"]);
    const anonymous = (await (await fetch(`${app.url}/api/registry/ngos/${entry.slug}`)).json()) as { data: Entry };
    expect(anonymous.data.state_history).toBeUndefined();
  });
});
