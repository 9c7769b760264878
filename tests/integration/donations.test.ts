// Donation intents over HTTP (docs/donations.md): the validation matrix, Idempotency-Key, the NGO's
// state, the key's NGO binding, origins and embed sessions, the lifecycle with every test card,
// concurrent confirms, expiry without a donor request, the preview, and operators' reads.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENCIES } from "@/lib/donations/currencies";
import { TEST_CARDS } from "@/lib/payments/test-cards";
import { SAMPLE_FIXTURES } from "@/lib/sample/sample-fixtures";
import type { StartedApp } from "../support/app";
import { startAppWithKeys, type CreatedKeys } from "../support/app-with-keys";

const NGO_SITE = "https://donate.ngo.test";
const DEMO = SAMPLE_FIXTURES.donationDemo;
const INTENT = "/api/v1/embed/donation/intent";

let app: StartedApp;
let keys: CreatedKeys<"operator" | "embed">;

beforeAll(async () => {
  ({ app, keys } = await startAppWithKeys(
    {
      operator: { name: "Donations desk", kind: "secret", tier: "operator" },
      embed: { name: "Demo site", kind: "publishable", ngo: DEMO, origins: [NGO_SITE, "https://*.ngo.test"] },
    },
    { env: { PAYMENTS_SANDBOX_SETTLE_MS: "1000", WEBHOOKS_POLL_MS: "200" } },
  ));
});

afterAll(async () => {
  await app?.stop();
});

type Json = Record<string, unknown> & { detail?: string; errors?: { name: string; reason: string }[] };
type Answer = { status: number; text: string; body: Json; headers: Headers };

async function call(method: string, path: string, init: { body?: unknown; headers?: Record<string, string>; base?: string } = {}): Promise<Answer> {
  const response = await fetch(`${init.base ?? app.url}${path}`, {
    method,
    headers: { ...(init.body === undefined ? {} : { "Content-Type": "application/json" }), ...init.headers },
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, text, body: (text && text.startsWith("{") ? JSON.parse(text) : {}) as Json, headers: response.headers };
}

const asEmbed = (extra: Record<string, string> = {}, key = keys.embed.key) => ({ Authorization: `Bearer ${key}`, Origin: NGO_SITE, ...extra });
const asOperator = { Authorization: "" };
const create = (body: unknown, headers: Record<string, string> = asEmbed()) => call("POST", INTENT, { body, headers });
const valid = (extra: Record<string, unknown> = {}) => ({ ngo: DEMO, amount: 2500, currency: "EUR", ...extra });

beforeAll(() => {
  asOperator.Authorization = `Bearer ${keys.operator.key}`;
});

async function confirm(intent: Json, card: string) {
  return call("POST", `${INTENT}/${String(intent.id)}/confirm`, { body: { client_secret: intent.client_secret, card_number: card } });
}

async function follow(intent: Json) {
  return call("GET", `${INTENT}/${String(intent.id)}?client_secret=${encodeURIComponent(String(intent.client_secret))}`);
}

/** The embed session the widget page was served with (as the widget's script reads it). */
async function widgetSession(query: string, headers: Record<string, string> = {}, slug: string = DEMO): Promise<string> {
  const page = await call("GET", `/embed/donate/${slug}?${query}`, { headers });
  const config = /<script[^>]*id="cfg"[^>]*>(.*?)<\/script>/.exec(page.text)?.[1];
  expect(config, page.text.slice(0, 500)).toBeDefined();
  return (JSON.parse(config as string) as { session: string }).session;
}

describe("validation", () => {
  const cases: [string, unknown, string][] = [
    ["amount as a string", valid({ amount: "2500" }), "amount"],
    ["a fractional amount", valid({ amount: 25.5 }), "amount"],
    ["a negative amount", valid({ amount: -100 }), "amount"],
    ["no amount", { ngo: DEMO, currency: "EUR" }, "amount"],
    ["an unsupported currency", valid({ currency: "XYZ" }), "currency"],
    ["a lower-case currency", valid({ currency: "eur" }), "currency"],
    ["no currency", { ngo: DEMO, amount: 2500 }, "currency"],
    ["an unknown frequency", valid({ frequency: "weekly" }), "frequency"],
    ["a bad slug", valid({ ngo: "Not A Slug" }), "ngo"],
    ["no ngo", { amount: 2500, currency: "EUR" }, "ngo"],
    ["a name that is a number", valid({ name: 7 }), "name"],
    ["an empty name", valid({ name: " " }), "name"],
    ["a long name", valid({ name: "n".repeat(101) }), "name"],
    ["a bad email", valid({ email: "not-an-email" }), "email"],
    ["an email without a domain", valid({ email: "someone@" }), "email"],
    ["anonymous as a string", valid({ anonymous: "yes" }), "anonymous"],
    ["a long message", valid({ message: "m".repeat(501) }), "message"],
    ["metadata as a list", valid({ metadata: ["a"] }), "metadata"],
    ["a metadata number", valid({ metadata: { order: 5 } }), "metadata.order"],
    ["21 metadata pairs", valid({ metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, "v"])) }), "metadata"],
    ["a long metadata value", valid({ metadata: { note: "v".repeat(501) } }), "metadata.note"],
    ["an unknown field", valid({ tip: 100 }), "tip"],
    // Text PostgreSQL cannot store, or that is not Unicode: a 400, never a 500 from the database.
    ["a NUL character in the name", valid({ name: "Ada\u0000" }), "name"],
    ["an unpaired surrogate in the message", valid({ message: "thanks \ud83d" }), "message"],
    ["a NUL character in a metadata key", valid({ metadata: { "order\u0000": "1" } }), "metadata.order\u0000"],
  ];
  it.each(cases)("refuses %s, naming the field", async (_, body, field) => {
    const { status, body: problem } = await create(body);
    expect(status).toBe(400);
    expect(problem.errors?.map((e) => e.name)).toContain(field);
  });

  const boundaries: [string, number][] = [["EUR", 2], ["JPY", 0], ["KWD", 3], ["KRW", 0], ["BHD", 3], ["KES", 2]];
  it.each(boundaries)("takes %s (exponent %i) from its minimum to its maximum, and nothing outside", async (code) => {
    const currency = CURRENCIES[code as keyof typeof CURRENCIES];
    for (const [amount, expected] of [[currency.min - 1, 400], [currency.min, 201], [currency.max, 201], [currency.max + 1, 400]] as const) {
      const { status, body } = await create(valid({ currency: code, amount }));
      expect(status, `${code} ${amount}`).toBe(expected);
      if (expected === 201) expect(body).toMatchObject({ amount, currency: code });
      else expect(body.detail).toMatch(new RegExp(`amount: must be from ${currency.min} to ${currency.max} minor units of ${code}`));
    }
  });

  it("answers 415 for a body that is not JSON and 400 for broken JSON", async () => {
    expect((await call("POST", INTENT, { body: "amount=1", headers: { ...asEmbed(), "Content-Type": "text/plain" } })).status).toBe(415);
    expect((await call("POST", INTENT, { body: "{", headers: asEmbed() })).status).toBe(400);
  });

  it("takes every optional field, and answers with the intent and a client secret", async () => {
    const { status, body } = await create(
      valid({ frequency: "monthly", name: "Ada", email: "ada@mail.test", anonymous: true, message: "For the wells", metadata: { campaign: "spring" } }),
    );
    expect(status).toBe(201);
    expect(body).toMatchObject({ object: "donation_intent", status: "requires_payment_method", mode: "sandbox", amount: 2500, currency: "EUR", frequency: "monthly", ngo: { slug: DEMO } });
    expect(body.id).toMatch(/^di_[0-9a-z]{24}$/);
    expect(body.client_secret).toMatch(new RegExp(`^${String(body.id)}_secret_`));
    expect(new Date(String(body.expires_at)).getTime()).toBeGreaterThan(Date.now());
    // The donor's email stays with operators.
    expect(body).not.toHaveProperty("donor");
    expect(JSON.stringify((await follow(body)).body)).not.toContain("ada@mail.test");
    const operator = await call("GET", `/api/v1/donation-intents/${String(body.id)}`, { headers: asOperator });
    expect(operator.body.data).toMatchObject({ donor: { name: "Ada", email: "ada@mail.test" }, message: "For the wells", metadata: { campaign: "spring" } });
  });
});

describe("Idempotency-Key", () => {
  it("makes exactly one intent of 50 concurrent identical requests, and replays it identically", async () => {
    const key = `idem-${Date.now()}`;
    const body = valid({ metadata: { run: key } });
    const answers = await Promise.all(Array.from({ length: 50 }, () => create(body, asEmbed({ "Idempotency-Key": key }))));
    const ids = new Set(answers.filter((a) => a.status === 201).map((a) => a.body.id));
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    expect(ids.size).toBe(1);
    const replay = await create(body, asEmbed({ "Idempotency-Key": key }));
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.text).toBe(answers.find((a) => a.status === 201 && !a.headers.get("idempotent-replayed"))?.text);
    const list = await call("GET", `/api/v1/donation-intents?ngo=${DEMO}&limit=100`, { headers: asOperator });
    expect((list.body.data as { metadata: { run?: string } }[]).filter((i) => i.metadata.run === key)).toHaveLength(1);
  });

  it("refuses the same key with another body (422), and a malformed key (400)", async () => {
    const key = `other-${Date.now()}`;
    expect((await create(valid(), asEmbed({ "Idempotency-Key": key }))).status).toBe(201);
    const other = await create(valid({ amount: 2600 }), asEmbed({ "Idempotency-Key": key }));
    expect(other.status).toBe(422);
    expect(other.body.type).toBe("/problems/idempotency-key-reused");
    expect((await create(valid(), asEmbed({ "Idempotency-Key": "x".repeat(256) }))).status).toBe(400);
  });

  it("keeps keys per API key: another key's same Idempotency-Key is its own", async () => {
    const second = await call("POST", "/api/v1/keys", { headers: asOperator, body: { name: "Second site", kind: "publishable", ngo: DEMO, origins: [NGO_SITE] } });
    const key = `shared-${Date.now()}`;
    const a = await create(valid(), asEmbed({ "Idempotency-Key": key }));
    const b = await create(valid(), asEmbed({ "Idempotency-Key": key }, String(second.body.key)));
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).not.toBe(b.body.id);
  });
});

describe("the NGO", () => {
  async function ngoWithKey(donationsEnabled: boolean, path: string[]) {
    const made = await call("POST", "/api/v1/ngos", { headers: asOperator, body: { name: `Donation Rules ${Date.now()} ${Math.random()}`, sector: "health", country: "ke", donations_enabled: donationsEnabled } });
    expect(made.status).toBe(201);
    const slug = String((made.body.data as { slug: string }).slug);
    const key = await call("POST", "/api/v1/keys", { headers: asOperator, body: { name: `Key of ${slug}`, kind: "publishable", ngo: slug, origins: [NGO_SITE] } });
    for (const to of path) expect((await call("POST", `/api/v1/ngos/${slug}/transitions`, { headers: asOperator, body: { to, reason: "test" } })).status).toBe(200);
    return { slug, key: String(key.body.key) };
  }

  it("accepts intents only for verified NGOs with donations enabled, and says why not", async () => {
    const open = await ngoWithKey(true, ["pending_review", "verified"]);
    expect((await create(valid({ ngo: open.slug }), asEmbed({}, open.key))).status).toBe(201);

    const closed = await ngoWithKey(false, ["pending_review", "verified"]);
    const refused = await create(valid({ ngo: closed.slug }), asEmbed({}, closed.key));
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/does not accept donations/);

    const suspended = await ngoWithKey(true, ["pending_review", "verified", "suspended"]);
    const answer = await create(valid({ ngo: suspended.slug }), asEmbed({}, suspended.key));
    expect(answer.status).toBe(409);
    expect(answer.body.detail).toMatch(/is suspended/);
  });

  it("answers for a hidden NGO exactly as for an unknown one", async () => {
    const pending = await ngoWithKey(true, ["pending_review"]);
    const hidden = await create(valid({ ngo: pending.slug }), asEmbed({}, pending.key));
    const unknown = await create(valid({ ngo: "no-such-ngo-anywhere" }), { Authorization: `Bearer ${(await ngoWithUnknownBinding()).key}` });
    expect(hidden.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(hidden.body.type).toBe(unknown.body.type);
    expect(String(hidden.body.detail).replace(pending.slug, "X")).toBe(String(unknown.body.detail).replace("no-such-ngo-anywhere", "X"));
  });

  // An unknown NGO can only be asked for by a key bound to no NGO: an operator's secret key with embed:write.
  async function ngoWithUnknownBinding() {
    const key = await call("POST", "/api/v1/keys", { headers: asOperator, body: { name: "Server-side donations", kind: "secret", tier: "operator", scopes: ["embed:write"] } });
    return { key: String(key.body.key) };
  }

  it("holds a key to its NGO: another NGO is a 403 naming the binding", async () => {
    const answer = await create(valid({ ngo: SAMPLE_FIXTURES.accented }));
    expect(answer.status).toBe(403);
    expect(answer.body.detail).toContain(`bound to the NGO "${DEMO}"`);
  });
});

describe("origins and embed sessions", () => {
  it("takes a publishable key only from an Origin on its allowlist", async () => {
    expect((await create(valid(), { Authorization: `Bearer ${keys.embed.key}` })).status).toBe(403);
    expect((await create(valid(), asEmbed({ Origin: "https://elsewhere.invalid" }))).status).toBe(403);
    expect((await create(valid(), asEmbed({ Origin: "https://shop.ngo.test" }))).status).toBe(201);
    expect((await create(valid(), {})).status).toBe(401);
  });

  it("takes the widget's embed session without an Origin, for its NGO only", async () => {
    const session = await widgetSession(`key=${keys.embed.key}`);
    const made = await create(valid(), { Authorization: `Bearer ${session}` });
    expect(made.status).toBe(201);
    const list = await call("GET", `/api/v1/donation-intents/${String(made.body.id)}`, { headers: asOperator });
    expect((list.body.data as { api_key_id: string }).api_key_id).toBe(keys.embed.id);
    const other = await create(valid({ ngo: SAMPLE_FIXTURES.accented }), { Authorization: `Bearer ${session}` });
    expect(other.status).toBe(403);
  });

  it("refuses a tampered session, and one whose key is revoked", async () => {
    const session = await widgetSession(`key=${keys.embed.key}`);
    // Flip one bit of a part's bytes: rewriting its last base64url characters may leave the bytes
    // as they were (the last character carries only two bits of a 16-byte tag), and then the
    // "forged" session is the real one.
    const flipped = (index: number) => {
      const parts = session.split(".");
      const bytes = Buffer.from(parts[index] as string, "base64url");
      bytes[0] = (bytes[0] as number) ^ 1;
      parts[index] = bytes.toString("base64url");
      return parts.join(".");
    };
    const answer = await create(valid({ ngo: SAMPLE_FIXTURES.accented }), { Authorization: `Bearer ${flipped(3)}` });
    expect(answer.status).toBe(401);
    expect(answer.body.detail).toMatch(/not valid/);
    expect((await create(valid(), { Authorization: `Bearer ${flipped(4)}` })).status).toBe(401);

    const doomed = await call("POST", "/api/v1/keys", { headers: asOperator, body: { name: "Doomed site", kind: "publishable", ngo: DEMO, origins: [NGO_SITE] } });
    const doomedSession = await widgetSession(`key=${String(doomed.body.key)}`);
    expect((await create(valid(), { Authorization: `Bearer ${doomedSession}` })).status).toBe(201);
    expect((await call("DELETE", `/api/v1/keys/${String((doomed.body.data as { id: string }).id)}`, { headers: asOperator })).status).toBe(200);
    const revoked = await create(valid(), { Authorization: `Bearer ${doomedSession}` });
    expect(revoked.status).toBe(401);
    expect(revoked.body.detail).toMatch(/key is no longer valid/);
  });

  it("mints no session for a parent outside the allowlist, a bad key, or an NGO not accepting donations", async () => {
    const foreign = await call("GET", `/embed/donate/${DEMO}?key=${keys.embed.key}`, { headers: { "Sec-Fetch-Dest": "iframe", Referer: "https://elsewhere.invalid/page" } });
    expect(foreign.text).toContain("may not be shown on this website");
    expect(foreign.text).not.toContain('id="cfg"');
    expect(foreign.headers.get("content-security-policy")).toContain(`frame-ancestors ${NGO_SITE} https://*.ngo.test`);
    const allowed = await call("GET", `/embed/donate/${DEMO}?key=${keys.embed.key}`, { headers: { "Sec-Fetch-Dest": "iframe", Referer: `${NGO_SITE}/give` } });
    expect(allowed.text).toContain('id="cfg"');
    for (const [query, slug, text] of [
      ["key=tr_pk_nonsense", DEMO, "key is not valid"],
      ["", DEMO, "needs the NGO&#39;s publishable key"],
      [`key=${keys.embed.key}`, SAMPLE_FIXTURES.accented, "belongs to another NGO"],
    ] as const) {
      const page = await call("GET", `/embed/donate/${slug}?${query}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain(text);
      expect(page.text).not.toContain('id="cfg"');
    }
  });

  it("frames the widget by the key's allowlist only, and denies framing everywhere else", async () => {
    const widget = await call("GET", `/embed/donate/${DEMO}?key=${keys.embed.key}`);
    expect(widget.headers.get("content-security-policy")).toMatch(/frame-ancestors https:\/\/donate\.ngo\.test https:\/\/\*\.ngo\.test(;|$)/);
    expect(widget.headers.get("x-frame-options")).toBeNull();
    for (const path of ["/", "/api/health", "/embed.js"]) {
      const other = await call("GET", path);
      expect(other.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(other.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });
});

describe("the preview", () => {
  it("needs no key, is framable by the registry only, and creates sandbox intents for its NGO only", async () => {
    const page = await call("GET", `/embed/donate/${DEMO}?preview=1`);
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(page.text).toContain("Preview");
    const session = await widgetSession("preview=1");
    const made = await create(valid(), { Authorization: `Bearer ${session}` });
    expect(made.status).toBe(201);
    expect(made.body.mode).toBe("sandbox");
    expect((await create(valid({ ngo: SAMPLE_FIXTURES.accented }), { Authorization: `Bearer ${session}` })).status).toBe(403);
  });
});

describe("what the widget's page and session give away", () => {
  /** The preview page with a Host header of the caller's choosing (fetch would not send one). */
  function previewWithHost(host: string): Promise<string> {
    const url = new URL(`${app.url}/embed/donate/${DEMO}?preview=1`);
    return new Promise((resolve, reject) => {
      const request = http.get({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers: { Host: host } }, (response) => {
        let text = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk)).on("end", () => resolve(text));
      });
      request.on("error", reject);
    });
  }

  it("names no operator-only id in the session or the page, and cannot be read by its holder", async () => {
    const entry = await call("GET", `/api/registry/ngos/${DEMO}`, { headers: asOperator });
    const ngoId = String((entry.body.data as { id: string }).id);
    expect(ngoId).toMatch(/\w{6,}/);
    for (const query of ["preview=1", `key=${keys.embed.key}`]) {
      const page = await call("GET", `/embed/donate/${DEMO}?${query}`);
      expect(page.text, query).not.toContain(ngoId);
      expect(page.text, query).not.toContain(keys.embed.id);
      const session = await widgetSession(query);
      const decoded = session.split(".").map((part) => Buffer.from(part, "base64url").toString("latin1")).join(" ");
      expect(decoded, query).not.toContain(ngoId);
      expect(decoded, query).not.toContain(keys.embed.id);
      expect(decoded, query).not.toContain(DEMO);
    }
  });

  it("lets no forged Host header choose whom the preview talks to", async () => {
    const page = await previewWithHost("evil.example");
    expect(page).toContain('id="cfg"');
    expect(page).not.toContain("evil.example");
  });
});

describe("Idempotency-Key answers reach only their caller", () => {
  it("keeps one embed session's answers, client secret included, from another session", async () => {
    for (const query of ["preview=1", `key=${keys.embed.key}`]) {
      const key = `session-${Date.now()}-${Math.random()}`;
      const [mine, theirs] = [await widgetSession(query), await widgetSession(query)];
      const first = await create(valid(), { Authorization: `Bearer ${mine}`, "Idempotency-Key": key });
      expect(first.status, query).toBe(201);
      const again = await create(valid(), { Authorization: `Bearer ${mine}`, "Idempotency-Key": key });
      expect(again.text, query).toBe(first.text);
      const other = await create(valid(), { Authorization: `Bearer ${theirs}`, "Idempotency-Key": key });
      expect(other.status, query).toBe(201);
      expect(other.headers.get("idempotent-replayed"), query).toBeNull();
      expect(other.body.id, query).not.toBe(first.body.id);
      expect(other.text, query).not.toContain(String(first.body.client_secret));
    }
  });

  it("keeps a publishable key's answers to the exact Origin that made them", async () => {
    const key = `origin-${Date.now()}`;
    const first = await create(valid(), asEmbed({ "Idempotency-Key": key }));
    expect(first.status).toBe(201);
    const sameOrigin = await create(valid(), asEmbed({ "Idempotency-Key": key }));
    expect(sameOrigin.text).toBe(first.text);
    const otherOrigin = await create(valid(), asEmbed({ "Idempotency-Key": key, Origin: "https://shop.ngo.test" }));
    expect(otherOrigin.status).toBe(201);
    expect(otherOrigin.body.id).not.toBe(first.body.id);
    expect(otherOrigin.text).not.toContain(String(first.body.client_secret));
  });
});

describe("the lifecycle", () => {
  it.each(TEST_CARDS.filter((c) => c.outcome !== "processing"))("ends as the test card $number says ($description)", async (card) => {
    const intent = (await create(valid())).body;
    const answer = await confirm(intent, card.number.replace(/(\d{4})/g, "$1 ").trim());
    expect(answer.status).toBe(200);
    if (card.outcome === "succeeded") expect(answer.body).toMatchObject({ status: "succeeded", failure_code: null });
    else expect(answer.body).toMatchObject({ status: "failed", failure_code: card.outcome });
    // A final state is final.
    expect((await confirm(intent, "4242424242424242")).status).toBe(409);
    expect((await call("POST", `${INTENT}/${String(intent.id)}/cancel`, { body: { client_secret: intent.client_secret } })).status).toBe(409);
  });

  it("declines a number that is not a test card", async () => {
    const intent = (await create(valid())).body;
    expect((await confirm(intent, "5555 5555 5555 4444")).body).toMatchObject({ status: "failed", failure_code: "incorrect_number" });
  });

  it("settles the delayed card a moment later, without anyone asking", async () => {
    const intent = (await create(valid())).body;
    expect((await confirm(intent, "4000000000000259")).body.status).toBe("processing");
    expect((await call("POST", `${INTENT}/${String(intent.id)}/cancel`, { body: { client_secret: intent.client_secret } })).status).toBe(409);
    await expect.poll(async () => (await call("GET", `/api/v1/donation-intents/${String(intent.id)}`, { headers: asOperator })).body.data, { timeout: 10_000, interval: 250 })
      .toMatchObject({ status: "succeeded" });
    expect((await follow(intent)).body.status).toBe("succeeded");
  });

  it("lets the donor cancel, and records an event for every change", async () => {
    const intent = (await create(valid({ metadata: { trail: "events" } }))).body;
    const canceled = await call("POST", `${INTENT}/${String(intent.id)}/cancel`, { body: { client_secret: intent.client_secret } });
    expect(canceled.body).toMatchObject({ status: "canceled", cancellation_reason: "requested_by_donor" });
    expect((await confirm(intent, "4242424242424242")).status).toBe(409);
    const events = await call("GET", "/api/v1/events?type=donation_intent.created,donation_intent.canceled&limit=100", { headers: asOperator });
    const mine = (events.body.data as { type: string; data: { donation_intent: { id: string } } }[]).filter((e) => e.data.donation_intent.id === intent.id);
    expect(mine.map((e) => e.type)).toEqual(["donation_intent.created", "donation_intent.canceled"]);
  });

  it("has one outcome for ten concurrent confirms", async () => {
    const intent = (await create(valid())).body;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => confirm(intent, i % 2 ? "4242424242424242" : "4000000000000002")));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    const final = (await follow(intent)).body.status;
    expect(final).toBe(answers.find((a) => a.status === 200)?.body.status);
  });

  it("answers a wrong client secret like an unknown intent", async () => {
    const intent = (await create(valid())).body;
    const wrong = await call("GET", `${INTENT}/${String(intent.id)}?client_secret=guess`);
    const unknown = await call("GET", `${INTENT}/di_000000000000000000000000?client_secret=guess`);
    expect([wrong.status, unknown.status]).toEqual([404, 404]);
    expect(wrong.body.detail).toBe(unknown.body.detail);
  });
});

describe("operators", () => {
  it("list intents by NGO, status and date, page by page, and nobody else may", async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    for (let i = 0; i < 3; i++) await create(valid({ metadata: { page: "yes" } }));
    const first = await call("GET", `/api/v1/donation-intents?ngo=${DEMO}&status=requires_payment_method&created_after=${since}&limit=2`, { headers: asOperator });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(2);
    const second = await call("GET", `/api/v1/donation-intents?ngo=${DEMO}&status=requires_payment_method&created_after=${since}&limit=2&cursor=${String((first.body.page as { next_cursor: string }).next_cursor)}`, { headers: asOperator });
    expect((second.body.data as unknown[]).length).toBeGreaterThanOrEqual(1);
    expect((await call("GET", "/api/v1/donation-intents", { headers: asEmbed() })).status).toBe(403);
    expect((await call("GET", "/api/v1/donation-intents?status=lost", { headers: asOperator })).status).toBe(400);
  });

  it("see the payments provider and sandbox mode in health", async () => {
    const health = await call("GET", "/api/health");
    const checks = health.body.checks as Record<string, { componentId?: string; observedValue?: unknown }[]>;
    expect(checks["payments:provider"]?.[0]).toMatchObject({ componentId: "sandbox" });
    expect(checks["payments:sandbox"]?.[0]).toMatchObject({ observedValue: true });
  });
});

describe("expiry", () => {
  let short: StartedApp;
  let shortKeys: CreatedKeys<"operator" | "embed">;

  beforeAll(async () => {
    ({ app: short, keys: shortKeys } = await startAppWithKeys(
      {
        operator: { name: "Desk", kind: "secret", tier: "operator" },
        embed: { name: "Site", kind: "publishable", ngo: DEMO, origins: [NGO_SITE] },
      },
      { env: { DONATION_INTENT_TTL_SECONDS: "2", EMBED_SESSION_TTL_SECONDS: "2", WEBHOOKS_POLL_MS: "200" } },
    ));
  });

  afterAll(async () => {
    await short?.stop();
  });

  it("cancels an unpaid intent when it expires, without a donor request, and refuses an expired session", async () => {
    const page = await call("GET", `/embed/donate/${DEMO}?key=${shortKeys.embed.key}`, { base: short.url });
    const session = (JSON.parse(/id="cfg"[^>]*>(.*?)<\/script>/.exec(page.text)?.[1] ?? "{}") as { session: string }).session;
    const made = await call("POST", INTENT, { base: short.url, body: valid(), headers: { Authorization: `Bearer ${shortKeys.embed.key}`, Origin: NGO_SITE } });
    expect(made.status).toBe(201);
    const operator = { Authorization: `Bearer ${shortKeys.operator.key}` };
    await expect.poll(async () => (await call("GET", `/api/v1/donation-intents/${String(made.body.id)}`, { base: short.url, headers: operator })).body.data, { timeout: 10_000, interval: 250 })
      .toMatchObject({ status: "canceled", cancellation_reason: "expired" });
    const events = await call("GET", "/api/v1/events?type=donation_intent.canceled", { base: short.url, headers: operator });
    expect((events.body.data as { data: { donation_intent: { id: string } } }[]).map((e) => e.data.donation_intent.id)).toContain(made.body.id);
    const late = await call("POST", `${INTENT}/${String(made.body.id)}/confirm`, { base: short.url, body: { client_secret: made.body.client_secret, card_number: "4242424242424242" } });
    expect(late.status).toBe(409);
    const expired = await call("POST", INTENT, { base: short.url, body: valid(), headers: { Authorization: `Bearer ${session}` } });
    expect(expired.status).toBe(401);
    expect(expired.body.detail).toMatch(/expired/);
  });
});
