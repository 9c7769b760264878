// Reconciliation with the Stripe provider (docs/donations.md#reconciliation), against the local
// fake of Stripe's API: a webhook dropped on purpose (the fake says the payment succeeded, no
// event is sent), then `donations reconcile` and the dispatchers' sweep each fix the intent with
// exactly one donation_intent.succeeded, and Stripe's real webhook arriving later changes nothing;
// an expired intent's payment, and one Stripe made for an intent never written here, are canceled there.
// The CLI and the app share one database, so this needs PostgreSQL.
import Stripe from "stripe";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_FIXTURES } from "@/lib/sample/sample-fixtures";
import { startApp, type StartedApp } from "../support/app";
import { startAppWithKeys, type CreatedKeys } from "../support/app-with-keys";
import { callApi, type ApiCall } from "../support/call-api";
import { postgresAvailable } from "../support/database";
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from "../support/fake-stripe";
import { runCli } from "../support/run-cli";

const available = await postgresAvailable();
const NGO_SITE = "https://donate.ngo.test";
const DEMO = SAMPLE_FIXTURES.donationDemo;
const SECRET_KEY = "sk_test_fakeKey4Registry0000";
const WEBHOOK_SECRET = "whsec_fakeSigningSecret0000";

let app: StartedApp;
let keys: CreatedKeys<"operator" | "embed">;
let stripe: FakeStripe;
let stripeEnv: Record<string, string>;

beforeAll(async () => {
  if (!available) return;
  stripe = await startFakeStripe();
  stripeEnv = fakeStripeEnv(stripe, { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  ({ app, keys } = await startAppWithKeys(
    {
      operator: { name: "Donations desk", kind: "secret", tier: "operator" },
      embed: { name: "Demo site", kind: "publishable", ngo: DEMO, origins: [NGO_SITE] },
    },
    { database: "postgres", env: stripeEnv },
  ));
});

afterAll(async () => {
  await app?.stop();
  await stripe?.stop();
});

type Json = Record<string, unknown>;

const call = (base: string, method: string, path: string, init: ApiCall = {}) => callApi<Json>(`${base}${path}`, method, init);

const asOperator = () => ({ Authorization: `Bearer ${keys.operator.key}` });
const statusOf = async (id: string) => ((await call(app.url, "GET", `/api/v1/donation-intents/${id}`, { headers: asOperator() })).body.data as Json).status;

// The events list shows an event once every older transaction on the whole PostgreSQL server has
// ended (lib/webhooks/list-events.ts): another suite's long statement on the shared test server
// delays it, so the events are waited for; a duplicate would still never equal the expected list.
const EVENTS_SHOWN = { timeout: 60_000, interval: 500 };

async function eventTypesAbout(id: string): Promise<string[]> {
  const { body } = await call(app.url, "GET", "/api/v1/events?limit=100", { headers: asOperator() });
  return (body.data as { type: string; data: { donation_intent?: { id: string } } }[]).filter((e) => e.data.donation_intent?.id === id).map((e) => e.type);
}

/** A one-time intent made through the fake, with its PaymentIntent's id. */
async function oneTimeIntent(): Promise<{ id: string; pi: string; secret: string }> {
  const { body } = await call(app.url, "POST", "/api/v1/embed/donation/intent", {
    body: { ngo: DEMO, amount: 2500, currency: "EUR" },
    headers: { Authorization: `Bearer ${keys.embed.key}`, Origin: NGO_SITE },
  });
  expect(body.status).toBe("requires_payment_method");
  return { id: String(body.id), pi: String((body.payment as Json).client_secret).replace(/_secret_fake$/, ""), secret: String(body.client_secret) };
}

/** A statement on the app's database, as an operator (or a crash) would leave it. */
async function sql(text: string, values: unknown[]): Promise<Json[]> {
  const db = new pg.Client({ connectionString: app.databaseUrl });
  await db.connect();
  try {
    return (await db.query<Json>(text, values)).rows;
  } finally {
    await db.end();
  }
}

const reconcile = (...args: string[]) => runCli(["donations", "reconcile", ...args], { DATABASE_URL: app.databaseUrl ?? "", ...stripeEnv });

/** Stripe's own webhook for the PaymentIntent, signed as Stripe signs it. */
async function deliverSucceeded(pi: string, id: string): Promise<Json> {
  const payload = JSON.stringify({
    id: `evt_test_${Date.now()}`,
    object: "event",
    type: "payment_intent.succeeded",
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { id: pi, object: "payment_intent", status: "succeeded", metadata: { donation_intent: id, ngo: DEMO } } },
  });
  const signature = new Stripe(SECRET_KEY).webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return (await call(app.url, "POST", "/api/v1/payments/stripe/webhook", { body: payload, headers: { "Stripe-Signature": signature } })).body;
}

describe.skipIf(!available)("reconciliation of a missed Stripe webhook", () => {
  it("donations reconcile applies Stripe's state once, and the late webhook changes nothing", async () => {
    const { id, pi } = await oneTimeIntent();
    stripe.update(pi, { status: "succeeded" });

    // Too young for the default bound (15 minutes): left to its webhook.
    const young = await reconcile("--json");
    expect(young.code).toBe(0);
    expect((JSON.parse(young.stdout) as Json).checked).toBe(0);

    const dry = await reconcile("--older-than", "0s", "--dry-run", "--json");
    expect(JSON.parse(dry.stdout)).toMatchObject({ dry_run: true, intents: expect.arrayContaining([expect.objectContaining({ id, status: "requires_payment_method", provider_events: ["succeeded"] })]) });
    expect(await statusOf(id)).toBe("requires_payment_method");

    const fixed = await reconcile("--older-than", "0s", "--json");
    expect(fixed.code, fixed.stderr).toBe(0);
    expect((JSON.parse(fixed.stdout) as { intents: Json[] }).intents).toContainEqual(expect.objectContaining({ id, status_before: "requires_payment_method", status: "succeeded" }));
    expect(await statusOf(id)).toBe("succeeded");

    // Again, and Stripe's own event arriving late: applied (its id is not the reconcile's), changing nothing.
    await reconcile("--older-than", "0s");
    expect(await deliverSucceeded(pi, id)).toEqual({ received: true, outcome: "applied" });
    await expect.poll(() => eventTypesAbout(id), EVENTS_SHOWN).toEqual(["donation_intent.created", "donation_intent.succeeded"]);
  });

  it("cancels at Stripe a PaymentIntent still open whose intent expired here, once", async () => {
    const { id, pi, secret } = await oneTimeIntent();
    await sql("UPDATE donation_intents SET expires_at = now() - interval '1 minute' WHERE id = $1", [id]);
    // The donor's page reading it applies the expiry (as every dispatcher's sweep would).
    const read = await call(app.url, "GET", `/api/v1/embed/donation/intent/${id}?client_secret=${encodeURIComponent(secret)}`);
    expect(read.body).toMatchObject({ status: "canceled", cancellation_reason: "expired" });
    const first = await reconcile("--older-than", "0s", "--json");
    expect((JSON.parse(first.stdout) as { intents: Json[] }).intents).toContainEqual(expect.objectContaining({ id, status: "canceled", canceled_at_provider: true }));
    expect(stripe.object(pi)?.status).toBe("canceled");
    const cancels = () => stripe.calls.filter((c) => c.path === `/v1/payment_intents/${pi}/cancel`);
    expect(cancels()).toHaveLength(1);
    expect(cancels()[0]?.idempotencyKey).toBe(`${id}-cancel`);
    await reconcile("--older-than", "0s");
    expect(cancels()).toHaveLength(1);
  });

  it("exits 1 when Stripe could not be asked, after reporting what it did", async () => {
    const { id } = await oneTimeIntent();
    stripe.failWith("rate_limited");
    try {
      const failed = await reconcile("--older-than", "0s", "--json");
      expect(failed.code).toBe(1);
      expect((JSON.parse(failed.stdout) as { intents: Json[] }).intents).toContainEqual(expect.objectContaining({ id, status: "requires_payment_method", error: expect.any(String) }));
      // Its last line; the ones before are the provider's errors as logged (type and code only).
      expect(JSON.parse(failed.stderr.trim().split("\n").at(-1) ?? "")).toMatchObject({ error: { type: "payment_provider_unavailable", exit_code: 1 } });
      expect(failed.stderr).not.toContain(SECRET_KEY);
    } finally {
      stripe.failWith(null);
    }
    expect(await statusOf(id)).toBe("requires_payment_method");
  });

  it("the dispatchers' sweep fixes a missed webhook by itself", async () => {
    const { id, pi } = await oneTimeIntent();
    stripe.update(pi, { status: "succeeded" });
    // A second instance on the same database whose bound is a second, dispatching on its own.
    const sweeper = await startApp({ env: { ...stripeEnv, DATABASE_URL: app.databaseUrl ?? "", DONATION_RECONCILE_AFTER_SECONDS: "1", WEBHOOKS_POLL_MS: "200" } });
    try {
      const deadline = Date.now() + 20_000;
      while ((await statusOf(id)) !== "succeeded" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    } finally {
      await sweeper.stop();
    }
    expect(await statusOf(id)).toBe("succeeded");
    expect(await deliverSucceeded(pi, id)).toMatchObject({ outcome: "applied" });
    await expect.poll(async () => (await eventTypesAbout(id)).filter((t) => t === "donation_intent.succeeded"), EVENTS_SHOWN).toHaveLength(1);
  });
});

describe.skipIf(!available)("payments Stripe made for intents never written here", () => {
  it.each(["one_time", "monthly"] as const)("a %s gift's is found by its metadata and canceled at Stripe once; the written intent's is left alone", async (frequency) => {
    // Two requests with one Idempotency-Key, both asking Stripe before either writes: one intent is
    // written, the other request replays its answer, and the payment Stripe made for the other
    // intent id is what a process dying before its write leaves behind.
    const path = frequency === "monthly" ? "/v1/subscriptions" : "/v1/payment_intents";
    stripe.holdTogether(path, 2);
    const request = {
      body: { ngo: DEMO, amount: 2500, currency: "EUR", frequency },
      headers: { Authorization: `Bearer ${keys.embed.key}`, Origin: NGO_SITE, "Idempotency-Key": `orphan-${frequency}-${Date.now()}` },
    };
    const answers = await Promise.all([0, 1].map(() => call(app.url, "POST", "/api/v1/embed/donation/intent", request)));
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    const written = String(answers[0]?.body.id);
    expect(answers[1]?.body.id).toBe(written);
    const created = stripe.calls.filter((c) => c.method === "POST" && c.path === path).slice(-2).map((c) => c.idempotencyKey);
    const orphan = String(created.find((k) => k !== written));
    expect(created).toContain(written);
    const pending = async () => (await sql("SELECT intent_id FROM pending_provider_payments WHERE intent_id = ANY($1)", [[written, orphan]])).map((r) => r.intent_id);
    expect(await pending()).toEqual([orphan]);

    // Younger than five minutes, it may still be in flight: left alone, whatever --older-than says.
    const young = JSON.parse((await reconcile("--older-than", "0s", "--json")).stdout) as { orphans: Json[] };
    expect(young.orphans.map((o) => o.id)).not.toContain(orphan);

    await sql("UPDATE pending_provider_payments SET created_at = now() - interval '6 minutes' WHERE intent_id = $1", [orphan]);
    const fixed = await reconcile("--older-than", "0s", "--json");
    expect(fixed.code, fixed.stderr).toBe(0);
    expect((JSON.parse(fixed.stdout) as { orphans: Json[] }).orphans).toContainEqual({ id: orphan, found_at_provider: true, canceled_at_provider: true, error: null });
    const [made] = stripe.madeFor(orphan);
    expect(made?.status).toBe("canceled");
    expect(stripe.madeFor(written).map((o) => o.status)).toEqual([frequency === "monthly" ? "incomplete" : "requires_payment_method"]);
    const cancels = () => stripe.calls.filter((c) => c.idempotencyKey === `${orphan}-cancel`);
    expect(cancels()).toHaveLength(1);
    expect(await pending()).toEqual([]);

    await reconcile("--older-than", "0s");
    expect(cancels()).toHaveLength(1);
    expect(await statusOf(written)).toBe("requires_payment_method");
  });
});
