// Entries the public may not see (draft, pending review, archived: lib/tiers.ts) on every public
// surface: the REST list, statistics and entry, both GraphQL addresses, the explorer's pages, the
// sitemap, the donation widget with its key, the preview and the intent endpoint. Each answers
// exactly as for a slug that does not exist, and never says the entry's name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NgoState } from "@/lib/tiers";
import type { StartedApp } from "../support/app";
import { startAppWithKeys, type CreatedKeys } from "../support/app-with-keys";
import { postGraphQL } from "../support/graphql-client";
import { PATH_TO_STATE } from "../support/path-to-state";
import { readSitemap } from "../support/sitemap";

const SITE = "https://hidden.ngo.test";
const HIDDEN_STATES: NgoState[] = ["draft", "pending_review", "archived"];

let app: StartedApp;
let keys: CreatedKeys<"operator">;

beforeAll(async () => {
  ({ app, keys } = await startAppWithKeys({ operator: { name: "Registry desk", kind: "secret", tier: "operator" } }));
});

afterAll(async () => {
  await app?.stop();
});

type Answer = { status: number; text: string; type: string | null };

async function get(path: string, headers: Record<string, string> = {}, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${app.url}${path}`, { ...init, headers });
  return { status: response.status, text: await response.text(), type: response.headers.get("content-type") };
}

async function operator(method: string, path: string, body: unknown) {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${keys.operator.key}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return (await response.json()) as { data: { slug: string }; key: string };
}

/** The same answer with the slug (and per-response nonces) taken out: what a caller can compare. */
const normal = (answer: Answer, slug: string) => ({
  status: answer.status,
  type: answer.type,
  text: withoutNonces(answer.text.replaceAll(slug, "SLUG")),
});

/** Every per-response nonce (in attributes, the CSP, and the escaped RSC payload) as NONCE. */
function withoutNonces(text: string): string {
  const nonces = new Set([...text.matchAll(/nonce(?:=|-)"?([\w+/]+={0,2})/g)].map((match) => match[1] ?? ""));
  let out = text;
  for (const nonce of nonces) if (nonce.length >= 16) out = out.replaceAll(nonce, "NONCE");
  return out;
}

// A word no sample entry has, so a search for it finds exactly the entries made here.
const word = (state: string) => `Qzv${state.replace("_", "")}${Math.random().toString(36).slice(2, 8)}`;

describe.each(HIDDEN_STATES)("an entry in %s", (state) => {
  let slug: string;
  let name: string;
  let search: string;
  let key: string;
  const unknown = `no-such-entry-${state.replace("_", "-")}`;

  beforeAll(async () => {
    search = word(state);
    name = `${search} Relief Fund`;
    // Made verified with donations on, so the only thing keeping it out of sight is its state.
    slug = (await operator("POST", "/api/v1/ngos", { name, sector: "health", country: "ke", donations_enabled: true })).data.slug;
    key = (await operator("POST", "/api/v1/keys", { name: `Site of ${slug}`, kind: "publishable", ngo: slug, origins: [SITE] })).key;
    for (const to of PATH_TO_STATE[state]) await operator("POST", `/api/v1/ngos/${slug}/transitions`, { to, reason: "test" });
  });

  it("is missing from the REST list, its statistics and its one-entry address", async () => {
    for (const path of [`/api/registry/ngos?q=${search}`, `/api/registry/ngos?q=${search}&view=stats`, "/api/registry/ngos?limit=100&sort=name"]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.text, path).not.toContain(search);
      expect(answer.text, path).not.toContain(slug);
    }
    expect(JSON.parse((await get(`/api/registry/ngos?q=${search}&view=stats`)).text)).toMatchObject({ data: { total: 0 } });
    expect(normal(await get(`/api/registry/ngos/${slug}`), slug)).toEqual(normal(await get(`/api/registry/ngos/${unknown}`), unknown));
    expect((await get(`/api/registry/ngos/${slug}`)).status).toBe(404);
  });

  it.each(["/api/registry/graphql", "/public/api/registry/graphql"])("is missing from GraphQL at %s", async (path) => {
    const query = `query ($slug: String!, $q: String!) { ngo(slug: $slug) { name } ngos(search: $q) { name } stats(search: $q) { total } }`;
    const hidden = await postGraphQL(`${app.url}${path}`, query, { variables: { slug, q: search } });
    const missing = await postGraphQL(`${app.url}${path}`, query, { variables: { slug: unknown, q: search } });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toEqual(missing.body);
    expect(hidden.body.data).toEqual({ ngo: null, ngos: [], stats: { total: 0 } });
  });

  it("is missing from the explorer's pages and the sitemap", async () => {
    const results = await get(`/?q=${search}`);
    expect(results.status).toBe(200);
    expect(results.text).toContain("No entries match.");
    expect(results.text).not.toContain(name);
    expect(results.text).not.toContain(slug);
    for (const path of ["/", "/?sort=name", "/stats"]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.text, path).not.toContain(search);
      expect(answer.text, path).not.toContain(slug);
    }
    // Every file of the sitemap index.
    const sitemap = await readSitemap(app.url);
    expect(sitemap.urls.length).toBeGreaterThan(100);
    expect(sitemap.urls.filter((url) => url.includes(slug))).toEqual([]);
    const page = await get(`/ngos/${slug}`);
    expect(page.status).toBe(404);
    expect(page.text).not.toContain(search);
    expect(normal(page, slug)).toEqual(normal(await get(`/ngos/${unknown}`), unknown));
  });

  it("takes no donation: the widget, the preview and the intent endpoint answer as for no entry", async () => {
    const missing = normal(await get(`/embed/donate/${unknown}?preview=1`), unknown);
    const preview = await get(`/embed/donate/${slug}?preview=1`);
    expect(preview.text).not.toContain(search);
    expect(normal(preview, slug)).toEqual(missing);
    const widget = await get(`/embed/donate/${slug}?key=${encodeURIComponent(key)}`);
    expect(widget.text).not.toContain(search);
    expect(normal(widget, slug)).toEqual(missing);

    const intent = (ngo: string, authorization: string) =>
      get("/api/v1/embed/donation/intent", { Authorization: `Bearer ${authorization}`, Origin: SITE, "Content-Type": "application/json" }, {
        method: "POST",
        body: JSON.stringify({ ngo, amount: 2500, currency: "EUR" }),
      });
    const refused = await intent(slug, key);
    expect(refused.status).toBe(404);
    expect(refused.text).not.toContain(search);
    // An operator's server-side key may ask for any slug: it hears the same for this one as for none.
    const server = await operator("POST", "/api/v1/keys", { name: `Server of ${slug}`, kind: "secret", tier: "operator", scopes: ["embed:write"] });
    const serverIntent = (ngo: string) =>
      get("/api/v1/embed/donation/intent", { Authorization: `Bearer ${server.key}`, "Content-Type": "application/json" }, {
        method: "POST",
        body: JSON.stringify({ ngo, amount: 2500, currency: "EUR" }),
      });
    expect(normal(await serverIntent(slug), slug)).toEqual(normal(await serverIntent(unknown), unknown));
    expect(normal(refused, slug)).toEqual(normal(await serverIntent(unknown), unknown));
  });
});

describe("the 404 page", () => {
  // A hidden entry's 404 (the Pages Router's) and an address no route serves (the App Router's)
  // are one page: the same title, description and content, whichever router answers.
  it("is the same from either router", async () => {
    const seen = (answer: Answer) => ({
      status: answer.status,
      title: /<title>([^<]*)<\/title>/.exec(answer.text)?.[1],
      description: /<meta name="description" content="([^"]*)"/.exec(answer.text)?.[1],
      main: /<main[^>]*>([\s\S]*?)<\/main>/.exec(answer.text)?.[1],
    });
    const pages = seen(await get("/ngos/no-such-entry"));
    expect(pages).toEqual({
      status: 404,
      title: "Not found · Trust Registry",
      description: "There is no public entry or page at this address.",
      main: expect.stringContaining("<h1>Not found</h1>"),
    });
    expect(seen(await get("/no/such/address"))).toEqual(pages);
  });
});
