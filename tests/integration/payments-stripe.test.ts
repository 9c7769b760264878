// Live payments with the Stripe provider (docs/donations.md#live-payments-stripe), against a local
// fake of Stripe's API: the calls intent creation makes and their idempotency keys, Stripe's error
// answers as our problem+json, no card number through our API, health, and Stripe's webhooks in —
// signed, stale, duplicated, out of order, unknown, refunds, disputes and a monthly gift's life.
import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_FIXTURES } from "@/lib/sample/sample-fixtures";
import type { StartedApp } from "../support/app";
import { startAppWithKeys, type CreatedKeys } from "../support/app-with-keys";
import { callApi, type ApiAnswer, type ApiCall } from "../support/call-api";
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from "../support/fake-stripe";

const NGO_SITE = "https://donate.ngo.test";
const DEMO = SAMPLE_FIXTURES.donationDemo;
const INTENT = "/api/v1/embed/donation/intent";
const WEBHOOK = "/api/v1/payments/stripe/webhook";
const SECRET_KEY = "sk_test_fakeKey4Registry0000";
const WEBHOOK_SECRET = "whsec_fakeSigningSecret0000";

let app: StartedApp;
let keys: CreatedKeys<"operator" | "embed">;
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe();
  ({ app, keys } = await startAppWithKeys(
    {
      operator: { name: "Donations desk", kind: "secret", tier: "operator" },
      embed: { name: "Demo site", kind: "publishable", ngo: DEMO, origins: [NGO_SITE] },
    },
    {
      // A short timeout for the test of a Stripe that never answers, long enough that a busy
      // machine never makes the SDK repeat a call the fake did answer (the exact calls are checked).
      env: { ...fakeStripeEnv(stripe, { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }), STRIPE_TIMEOUT_MS: "2000" },
    },
  ));
});

afterAll(async () => {
  await app?.stop();
  await stripe?.stop();
});

type Json = Record<string, unknown> & { detail?: string; type?: string; errors?: { name: string; reason: string }[] };
type Answer = ApiAnswer<Json>;

const call = (method: string, path: string, init: ApiCall = {}) => callApi<Json>(`${app.url}${path}`, method, init);

const asEmbed = (extra: Record<string, string> = {}) => ({ Authorization: `Bearer ${keys.embed.key}`, Origin: NGO_SITE, ...extra });
const create = (body: object, headers = asEmbed()) => call("POST", INTENT, { body: { ngo: DEMO, amount: 2500, currency: "EUR", ...body }, headers });
const asOperator = () => ({ Authorization: `Bearer ${keys.operator.key}` });
const statusOf = async (id: string) => ((await call("GET", `/api/v1/donation-intents/${id}`, { headers: asOperator() })).body.data as Json).status;

async function eventsAbout(id: string): Promise<{ type: string; data: Json }[]> {
  const { body } = await call("GET", "/api/v1/events?limit=100", { headers: asOperator() });
  const events = body.data as { type: string; data: { donation_intent: { id: string } } & Json }[];
  return events.filter((e) => e.data.donation_intent?.id === id);
}

/** The fake's calls made since `from`, without the health probe's. */
const callsSince = (from: number) => stripe.calls.slice(from).filter((c) => c.path !== "/v1/balance");

describe("creating an intent asks Stripe for the payment", () => {
  it("makes a one-time gift a PaymentIntent keyed by our intent id, and hands the widget its client secret", async () => {
    const from = stripe.calls.length;
    const { status, body } = await create({ email: "ada@mail.test" });
    expect(status).toBe(201);
    expect(body).toMatchObject({ mode: "live", status: "requires_payment_method", payment: { provider: "stripe", publishable_key: "pk_test_fakePublishable0000" } });
    expect((body.payment as Json).client_secret).toMatch(/^pi_fake\d+_secret_fake$/);
    const calls = callsSince(from);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: "POST", path: "/v1/payment_intents", idempotencyKey: body.id });
    expect(calls[0]?.params).toMatchObject({
      amount: "2500",
      currency: "eur",
      "metadata[donation_intent]": body.id,
      "metadata[ngo]": DEMO,
      "automatic_payment_methods[enabled]": "true",
      receipt_email: "ada@mail.test",
    });
  });

  it("replays an Idempotency-Key without asking Stripe again", async () => {
    const key = randomBytes(8).toString("hex");
    const first = await create({}, asEmbed({ "Idempotency-Key": key }));
    const from = stripe.calls.length;
    const again = await create({}, asEmbed({ "Idempotency-Key": key }));
    expect(again.text).toBe(first.text);
    expect(callsSince(from)).toEqual([]);
  });

  it("makes a monthly gift a subscription with an inline monthly price on the one Donation product", async () => {
    const from = stripe.calls.length;
    const { status, body } = await create({ frequency: "monthly", email: "grace@mail.test" });
    expect(status).toBe(201);
    expect((body.payment as Json).client_secret).toMatch(/^pi_for_in_fake\d+_secret_fake$/);
    const calls = callsSince(from);
    const paths = calls.map((c) => `${c.method} ${c.path}`);
    expect(paths.slice(-2)).toEqual(["POST /v1/customers", "POST /v1/subscriptions"]);
    expect(calls.at(-2)).toMatchObject({ idempotencyKey: `${String(body.id)}-customer`, params: { email: "grace@mail.test" } });
    expect(calls.at(-1)?.idempotencyKey).toBe(body.id);
    expect(calls.at(-1)?.params).toMatchObject({
      "items[0][price_data][currency]": "eur",
      "items[0][price_data][unit_amount]": "2500",
      "items[0][price_data][recurring][interval]": "month",
      "items[0][price_data][product]": "trust_registry_donation",
      payment_behavior: "default_incomplete",
      "metadata[donation_intent]": body.id,
    });
    // The product is made once, then known: a second gift asks only for its customer and subscription.
    const second = stripe.calls.length;
    expect((await create({ frequency: "monthly" })).status).toBe(201);
    expect(callsSince(second).map((c) => c.path)).toEqual(["/v1/customers", "/v1/subscriptions"]);
    // One product: a repeated creation (the SDK retries a slow answer) carries the same key.
    const productCalls = stripe.calls.filter((c) => c.method === "POST" && c.path === "/v1/products");
    expect(new Set(productCalls.map((c) => c.idempotencyKey))).toEqual(new Set(["product-trust_registry_donation"]));
  });

  it("refuses an amount Stripe would refuse, naming amount, before asking it", async () => {
    const from = stripe.calls.length;
    const { status, body } = await create({ currency: "KWD", amount: 505 });
    expect(status).toBe(422);
    expect(body.type).toBe("/problems/amount-not-accepted");
    expect(body.errors?.map((e) => e.name)).toEqual(["amount"]);
    expect(callsSince(from)).toEqual([]);
  });
});

describe("Stripe's error answers, as problem+json", () => {
  const cases: [string, "card_declined" | "rate_limited" | "amount_too_small" | "timeout", number, string][] = [
    ["a card decline", "card_declined", 402, "/problems/payment-declined"],
    ["a rate limit", "rate_limited", 503, "/problems/payment-provider-unavailable"],
    ["an amount below Stripe's minimum", "amount_too_small", 422, "/problems/amount-not-accepted"],
    ["no answer at all", "timeout", 503, "/problems/payment-provider-unavailable"],
  ];
  it.each(cases)("%s", async (_, failure, status, type) => {
    stripe.failWith(failure);
    try {
      const { status: got, body, text, headers } = await create({});
      expect(got).toBe(status);
      expect(headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(body.type).toBe(type);
      if (failure === "amount_too_small") expect(body.errors?.map((e) => e.name)).toEqual(["amount"]);
      if (status === 503) expect(headers.get("retry-after")).toMatch(/^\d+$/);
      // Neither Stripe's message, our key, nor a stack reaches the caller.
      expect(text).not.toMatch(/sk_test|acct_secret_detail|insufficient funds|\bat .*\.js|Stripe\w*Error/i);
    } finally {
      stripe.failWith(null);
    }
  });

  it("stores no intent for a failed creation: the same Idempotency-Key then succeeds", async () => {
    const key = randomBytes(8).toString("hex");
    stripe.failWith("rate_limited");
    try {
      expect((await create({}, asEmbed({ "Idempotency-Key": key }))).status).toBe(503);
    } finally {
      stripe.failWith(null);
    }
    expect((await create({}, asEmbed({ "Idempotency-Key": key }))).status).toBe(201);
  });
});

describe("in live mode", () => {
  it("takes no card number: the confirm endpoint says the provider collects payment details", async () => {
    const { body: intent } = await create({});
    const { status, body } = await call("POST", `${INTENT}/${String(intent.id)}/confirm`, {
      body: { client_secret: intent.client_secret, card_number: "4242 4242 4242 4242" },
    });
    expect(status).toBe(409);
    expect(body.type).toBe("/problems/provider-collects-payment");
    expect(await statusOf(String(intent.id))).toBe("requires_payment_method");
  });

  it("reports Stripe reachable in test mode, and sandbox mode off, asking Stripe at most every 30 s", async () => {
    const { body } = await call("GET", "/api/health");
    const checks = body.checks as Record<string, Json[]>;
    expect(checks["payments:provider"]?.[0]).toMatchObject({ status: "pass", componentId: "stripe", observedValue: "test" });
    expect(checks["payments:sandbox"]?.[0]).toMatchObject({ status: "pass", observedValue: false });
    const asked = stripe.calls.filter((c) => c.path === "/v1/balance").length;
    await Promise.all([call("GET", "/api/health"), call("GET", "/api/health")]);
    expect(stripe.calls.filter((c) => c.path === "/v1/balance")).toHaveLength(asked);
  });
});

// Stripe's webhooks, signed as Stripe signs them.
const signer = new Stripe(SECRET_KEY);
let eventCounter = 0;

function stripeEvent(type: string, object: Record<string, unknown>): Record<string, unknown> {
  return { id: `evt_test_${Date.now()}_${++eventCounter}`, object: "event", type, api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } };
}

async function deliver(event: Record<string, unknown>, { timestamp = Math.floor(Date.now() / 1000), secret = WEBHOOK_SECRET } = {}): Promise<Answer> {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return call("POST", WEBHOOK, { body: payload, headers: { "Stripe-Signature": signature } });
}

/** A one-time intent made through the fake, with its PaymentIntent's id. */
async function oneTimeIntent(): Promise<{ id: string; paymentIntent: Record<string, unknown> }> {
  const { body } = await create({});
  const piId = String((body.payment as Json).client_secret).replace(/_secret_fake$/, "");
  return { id: String(body.id), paymentIntent: { id: piId, object: "payment_intent", amount: 2500, currency: "eur", metadata: { donation_intent: body.id, ngo: DEMO } } };
}

describe("Stripe's webhooks", () => {
  it("moves an intent through processing to succeeded, with its event", async () => {
    const { id, paymentIntent } = await oneTimeIntent();
    expect((await deliver(stripeEvent("payment_intent.processing", paymentIntent))).body).toEqual({ received: true, outcome: "applied" });
    expect(await statusOf(id)).toBe("processing");
    expect((await deliver(stripeEvent("payment_intent.succeeded", { ...paymentIntent, status: "succeeded" }))).status).toBe(200);
    expect(await statusOf(id)).toBe("succeeded");
    expect((await eventsAbout(id)).map((e) => e.type)).toEqual(["donation_intent.created", "donation_intent.succeeded"]);
  });

  it("records a failure with its stable decline code", async () => {
    const { id, paymentIntent } = await oneTimeIntent();
    await deliver(stripeEvent("payment_intent.payment_failed", { ...paymentIntent, last_payment_error: { code: "card_declined", decline_code: "insufficient_funds" } }));
    const { body } = await call("GET", `/api/v1/donation-intents/${id}`, { headers: asOperator() });
    expect(body.data).toMatchObject({ status: "failed", failure_code: "insufficient_funds" });
  });

  it("refuses a bad signature, a missing one and a stale timestamp with a 400 naming Stripe-Signature", async () => {
    const { id, paymentIntent } = await oneTimeIntent();
    const event = stripeEvent("payment_intent.succeeded", paymentIntent);
    const refusals = [
      await deliver(event, { secret: "whsec_someoneElse" }),
      await call("POST", WEBHOOK, { body: JSON.stringify(event) }),
      await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(400);
      expect(refused.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(refused.body.errors?.map((e) => e.name)).toEqual(["Stripe-Signature"]);
    }
    expect(refusals[2]?.body.detail).toMatch(/5 minutes/);
    expect(await statusOf(id)).toBe("requires_payment_method");
  });

  it("applies an event delivered ten times at once exactly once, answering each with a 200", async () => {
    const { id, paymentIntent } = await oneTimeIntent();
    const event = stripeEvent("payment_intent.succeeded", paymentIntent);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.map((a) => a.body.outcome).sort()).toEqual(["applied", ...Array(9).fill("duplicate")]);
    expect((await eventsAbout(id)).map((e) => e.type)).toEqual(["donation_intent.created", "donation_intent.succeeded"]);
  });

  it("applies two different events about one intent, each delivered five times at once, to one outcome", async () => {
    const { id, paymentIntent } = await oneTimeIntent();
    const processing = stripeEvent("payment_intent.processing", paymentIntent);
    const succeeded = stripeEvent("payment_intent.succeeded", paymentIntent);
    const fiveEach = (a: Record<string, unknown>, b: Record<string, unknown>) => Promise.all(Array.from({ length: 10 }, (_, n) => deliver(n % 2 ? a : b)));
    const settled = await fiveEach(processing, succeeded);
    expect(settled.every((a) => a.status === 200)).toBe(true);
    expect(settled.filter((a) => a.body.outcome === "applied")).toHaveLength(2);
    expect(await statusOf(id)).toBe("succeeded");

    // Two partial refunds at once, the smaller sent first: whichever is applied last, the total is
    // the larger, never a sum, and the events list them in the order they were applied.
    const charge = { id: `ch_${id}`, object: "charge", payment_intent: paymentIntent.id, amount: 2500, refunded: false };
    const refunds = await fiveEach(stripeEvent("charge.refunded", { ...charge, amount_refunded: 1100 }), stripeEvent("charge.refunded", { ...charge, amount_refunded: 700 }));
    expect(refunds.every((a) => a.status === 200)).toBe(true);
    const { body } = await call("GET", `/api/v1/donation-intents/${id}`, { headers: asOperator() });
    expect(body.data).toMatchObject({ status: "succeeded", amount_refunded: 1100 });
    const events = await eventsAbout(id);
    expect(events.filter((e) => e.type === "donation_intent.succeeded")).toHaveLength(1);
    const partial = events.filter((e) => e.type === "donation_intent.partially_refunded").map((e) => (e.data.donation_intent as Json).amount_refunded);
    expect([[1100], [700, 1100]]).toContainEqual(partial);
  });

  it("lets a late failure change nothing after a success, and a success win over a failure", async () => {
    const { id, paymentIntent } = await oneTimeIntent();
    await deliver(stripeEvent("payment_intent.succeeded", paymentIntent));
    await deliver(stripeEvent("payment_intent.payment_failed", { ...paymentIntent, last_payment_error: { code: "card_declined" } }));
    await deliver(stripeEvent("payment_intent.canceled", paymentIntent));
    expect(await statusOf(id)).toBe("succeeded");
    expect((await eventsAbout(id)).map((e) => e.type)).toEqual(["donation_intent.created", "donation_intent.succeeded"]);

    // The donor's first card failed, the second went through: the money moved, so it succeeded.
    const retried = await oneTimeIntent();
    await deliver(stripeEvent("payment_intent.payment_failed", { ...retried.paymentIntent, last_payment_error: { code: "expired_card" } }));
    await deliver(stripeEvent("payment_intent.succeeded", retried.paymentIntent));
    expect(await statusOf(retried.id)).toBe("succeeded");
  });

  it("acknowledges and ignores types it does not act on, and events about payments that are not ours", async () => {
    const ignored = await deliver(stripeEvent("customer.created", { id: "cus_x", object: "customer" }));
    expect(ignored.body).toEqual({ received: true, outcome: "ignored" });
    // Counted in a bucket of its own, never the public's.
    expect(ignored.headers.get("ratelimit-policy")).toMatch(/^"signed-webhook";/);
    expect((await deliver(stripeEvent("payment_intent.succeeded", { id: "pi_other", object: "payment_intent", metadata: {} }))).body.outcome).toBe("ignored");
  });

  it("records partial refunds by their total, a full refund and a dispute of a succeeded gift", async () => {
    const refunded = await oneTimeIntent();
    await deliver(stripeEvent("payment_intent.succeeded", refunded.paymentIntent));
    const charge = { id: "ch_1", object: "charge", payment_intent: refunded.paymentIntent.id, amount: 2500 };
    const refundedSoFar = async () => ((await call("GET", `/api/v1/donation-intents/${refunded.id}`, { headers: asOperator() })).body.data as Json).amount_refunded;
    // Two partial refunds: Stripe sends charge.refunded twice, with the charge's growing total.
    const first = stripeEvent("charge.refunded", { ...charge, refunded: false, amount_refunded: 500 });
    const second = stripeEvent("charge.refunded", { ...charge, refunded: false, amount_refunded: 1200 });
    expect((await deliver(first)).body.outcome).toBe("applied");
    await deliver(second);
    // Replayed, and the first arriving again under another id (late): neither counts twice.
    expect((await deliver(second)).body.outcome).toBe("duplicate");
    await deliver(stripeEvent("charge.refunded", { ...charge, refunded: false, amount_refunded: 500 }));
    expect(await statusOf(refunded.id)).toBe("succeeded");
    expect(await refundedSoFar()).toBe(1200);
    await deliver(stripeEvent("charge.refunded", { ...charge, refunded: true, amount_refunded: 2500 }));
    expect(await statusOf(refunded.id)).toBe("refunded");
    expect(await refundedSoFar()).toBe(2500);
    const refundEvents = (await eventsAbout(refunded.id)).slice(2);
    expect(refundEvents.map((e) => [e.type, (e.data.donation_intent as Json).amount_refunded, (e.data.donation_intent as Json).amount])).toEqual([
      ["donation_intent.partially_refunded", 500, 2500],
      ["donation_intent.partially_refunded", 1200, 2500],
      ["donation_intent.refunded", 2500, 2500],
    ]);

    const disputed = await oneTimeIntent();
    await deliver(stripeEvent("payment_intent.succeeded", disputed.paymentIntent));
    await deliver(stripeEvent("charge.dispute.created", { id: "dp_1", object: "dispute", charge: "ch_2", payment_intent: disputed.paymentIntent.id, reason: "fraudulent" }));
    expect(await statusOf(disputed.id)).toBe("disputed");
    // Final: a late success changes nothing.
    await deliver(stripeEvent("payment_intent.succeeded", disputed.paymentIntent));
    expect(await statusOf(disputed.id)).toBe("disputed");

    expect((await eventsAbout(disputed.id)).map((e) => e.type)).toEqual(["donation_intent.created", "donation_intent.succeeded", "donation_intent.disputed"]);
  });

  it("follows a monthly gift: first payment, a renewal, a failed renewal and its cancellation", async () => {
    const { body } = await create({ frequency: "monthly", amount: 1500 });
    const id = String(body.id);
    const { body: operatorView } = await call("GET", `/api/v1/donation-intents/${id}`, { headers: asOperator() });
    expect(operatorView.data).toMatchObject({ frequency: "monthly", mode: "live", provider: "stripe" });
    const sub = await subscriptionOf(id);
    const invoice = (n: number) => invoiceOf(id, sub, n);
    await deliver(stripeEvent("invoice.paid", invoice(1)));
    expect(await statusOf(id)).toBe("succeeded");
    const renewal = stripeEvent("invoice.paid", invoice(2));
    await deliver(renewal);
    expect((await deliver(renewal)).body.outcome).toBe("duplicate");
    await deliver(stripeEvent("invoice.payment_failed", invoice(3)));
    await deliver(stripeEvent("customer.subscription.deleted", { id: sub, object: "subscription", status: "canceled", metadata: { donation_intent: id } }));
    // Renewals and the end of the subscription are the gift's payments and events: the gift itself stays succeeded.
    expect(await statusOf(id)).toBe("succeeded");

    const events = await eventsAbout(id);
    // The first payment's two events are written by one transaction, in no particular order.
    const types = events.map((e) => e.type);
    expect([types[0], types.slice(1, 3).sort(), ...types.slice(3)]).toEqual([
      "donation_intent.created",
      ["donation_intent.succeeded", "donation_subscription.created"],
      "donation_subscription.renewed",
      "donation_subscription.failed",
      "donation_subscription.canceled",
    ]);
    const payment = (type: string) => events.find((e) => e.type === type)?.data.payment;
    expect(payment("donation_subscription.created")).toMatchObject({ status: "succeeded", amount: 1500, currency: "EUR", provider_invoice_id: `in_${id}_1`, provider_payment_id: `pi_${id}_1` });
    expect(payment("donation_subscription.renewed")).toMatchObject({ status: "succeeded", provider_invoice_id: `in_${id}_2` });
    expect(payment("donation_subscription.failed")).toMatchObject({ status: "failed", failure_code: "card_declined", provider_invoice_id: `in_${id}_3` });
    expect(payment("donation_subscription.canceled")).toBeNull();
  });
});

describe("refunds and disputes of a monthly gift's renewals", () => {
  it("are recorded on the renewal's own payment, with donation_subscription.* events, leaving the gift succeeded", async () => {
    const { id, sub } = await paidMonthlyGift();
    await deliver(stripeEvent("invoice.paid", invoiceOf(id, sub, 2)));
    await deliver(stripeEvent("invoice.paid", invoiceOf(id, sub, 3)));
    const charge = (n: number) => ({ id: `ch_${id}_${n}`, object: "charge", payment_intent: `pi_${id}_${n}`, amount: 1500 });

    await deliver(stripeEvent("charge.refunded", { ...charge(2), refunded: false, amount_refunded: 400 }));
    const full = stripeEvent("charge.refunded", { ...charge(2), refunded: true, amount_refunded: 1500 });
    await deliver(full);
    expect((await deliver(full)).body.outcome).toBe("duplicate");
    await deliver(stripeEvent("charge.dispute.created", { id: `dp_${id}`, object: "dispute", charge: `ch_${id}_3`, payment_intent: `pi_${id}_3`, reason: "fraudulent" }));
    // A late partial refund of a payment refunded in full, and a refund of the disputed one: nothing.
    await deliver(stripeEvent("charge.refunded", { ...charge(2), refunded: false, amount_refunded: 400 }));
    await deliver(stripeEvent("charge.refunded", { ...charge(3), refunded: true, amount_refunded: 1500 }));

    expect(await statusOf(id)).toBe("succeeded");
    const events = (await eventsAbout(id)).filter((e) => !["donation_intent.created", "donation_intent.succeeded", "donation_subscription.created", "donation_subscription.renewed"].includes(e.type));
    const payment = (e: { data: Json }) => e.data.payment as Json;
    expect(events.map((e) => [e.type, payment(e).provider_payment_id, payment(e).status, payment(e).amount_refunded, payment(e).amount])).toEqual([
      ["donation_subscription.partially_refunded", `pi_${id}_2`, "succeeded", 400, 1500],
      ["donation_subscription.refunded", `pi_${id}_2`, "refunded", 1500, 1500],
      ["donation_subscription.disputed", `pi_${id}_3`, "disputed", 0, 1500],
    ]);
    expect((events[0]?.data.donation_intent as Json).amount_refunded).toBe(0);
  });

  it("of the first payment are the gift's own (donation_intent.*)", async () => {
    const { id } = await paidMonthlyGift();
    await deliver(stripeEvent("charge.refunded", { id: `ch_${id}_1`, object: "charge", payment_intent: `pi_${id}_1`, amount: 1500, refunded: false, amount_refunded: 300 }));
    expect((await eventsAbout(id)).map((e) => e.type).slice(3)).toEqual(["donation_intent.partially_refunded"]);
  });
});

describe("a donor's cancel link for a monthly gift at Stripe", () => {
  it("cancels the subscription at Stripe once, records one event, and Stripe's webhook that follows adds none", async () => {
    const { body } = await create({ frequency: "monthly", amount: 1500 });
    const id = String(body.id);
    const sub = await subscriptionOf(id);
    const follow = () => call("GET", `${INTENT}/${id}?client_secret=${encodeURIComponent(String(body.client_secret))}`);
    expect((await follow()).body.cancel_url).toBeNull();
    await deliver(stripeEvent("invoice.paid", invoiceOf(id, sub)));
    const token = new URL(String((await follow()).body.cancel_url)).searchParams.get("token");
    const answers = [await call("POST", "/api/v1/donations/cancel", { body: { token } }), await call("POST", "/api/v1/donations/cancel", { body: { token } })];
    expect(answers.map((a) => [a.status, a.body.changed])).toEqual([
      [200, true],
      [200, false],
    ]);
    const cancels = stripe.calls.filter((c) => c.method === "DELETE" && c.path === `/v1/subscriptions/${sub}`);
    expect(cancels.map((c) => c.idempotencyKey)).toEqual([`${id}-cancel`]);
    expect(stripe.object(sub)?.status).toBe("canceled");
    await deliver(stripeEvent("customer.subscription.deleted", { id: sub, object: "subscription", status: "canceled", metadata: { donation_intent: id } }));
    expect((await eventsAbout(id)).filter((e) => e.type === "donation_subscription.canceled")).toHaveLength(1);
    expect(await statusOf(id)).toBe("succeeded");
  });
});

describe("a donor's cancel of a gift Stripe had already ended", () => {
  it("is done, not a failure, when Stripe's webhook about it was missed", async () => {
    const { id, sub, body } = await paidMonthlyGift();
    const { body: followed } = await call("GET", `${INTENT}/${id}?client_secret=${encodeURIComponent(String(body.client_secret))}`);
    stripe.update(sub, { status: "canceled" });
    const answer = await call("POST", "/api/v1/donations/cancel", { body: { token: new URL(String(followed.cancel_url)).searchParams.get("token") } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ changed: true, data: { state: "canceled" } });
    expect((await eventsAbout(id)).filter((e) => e.type === "donation_subscription.canceled")).toHaveLength(1);
  });
});

/** Invoice `n` of the monthly intent `id`, as Stripe's invoice.paid carries it: the first, or a renewal. */
function invoiceOf(id: string, sub: string, n = 1): Record<string, unknown> {
  return {
    id: `in_${id}_${n}`,
    object: "invoice",
    billing_reason: n === 1 ? "subscription_create" : "subscription_cycle",
    amount_paid: 1500,
    currency: "eur",
    parent: { type: "subscription_details", subscription_details: { subscription: sub, metadata: { donation_intent: id, ngo: DEMO } } },
    payments: { object: "list", data: [{ payment: { type: "payment_intent", payment_intent: `pi_${id}_${n}` } }] },
  };
}

/** A monthly gift of 15 EUR made through the fake, whose first invoice Stripe reported paid. */
async function paidMonthlyGift(): Promise<{ id: string; sub: string; body: Json }> {
  const { body } = await create({ frequency: "monthly", amount: 1500 });
  const id = String(body.id);
  const sub = await subscriptionOf(id);
  await deliver(stripeEvent("invoice.paid", invoiceOf(id, sub)));
  return { id, sub, body };
}

/** The subscription id the fake gave the monthly intent `id` (the subscription call's answer). */
async function subscriptionOf(id: string): Promise<string> {
  const index = stripe.calls.findIndex((c) => c.path === "/v1/subscriptions" && c.idempotencyKey === id);
  expect(index).toBeGreaterThanOrEqual(0);
  // The fake numbers its objects in order: ask it what it answered, through a replay of the same key.
  const response = await fetch(`${stripe.url}/v1/subscriptions`, { method: "POST", headers: { "Idempotency-Key": id } });
  return String(((await response.json()) as { id: string }).id);
}
