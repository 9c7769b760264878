// The live donation widget in real Chromium: the app runs with the Stripe provider against the
// local fake of Stripe's API (tests/support/fake-stripe.ts), and the browser gets a test double
// of Stripe.js for https://js.stripe.com/v3 (and of Stripe's frames and 3-D Secure page), served
// by request interception: no request leaves for the network. The widget mounts the Payment
// Element from Stripe's origin (no card field of ours), pays, comes back from a 3-D Secure
// redirect, follows the intent until Stripe's signed webhook settles it and tells the exact
// parent; a monthly gift says how it recurs and shows its cancel link; a Referer from Stripe's
// pages is no parent; no CSP violation; axe finds no serious or critical violation.
import http from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import Stripe from "stripe";
import type { Browser, BrowserContext, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_FIXTURES } from "@/lib/sample/sample-fixtures";
import type { StartedApp } from "../support/app";
import { startAppWithKeys, type CreatedKeys } from "../support/app-with-keys";
import { chromiumAvailable, launchChromium, recordCspViolations } from "../support/browser";
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from "../support/fake-stripe";

const available = chromiumAvailable();
const DEMO = SAMPLE_FIXTURES.donationDemo;
const SECRET_KEY = "sk_test_fakeKey4Registry0000";
const WEBHOOK_SECRET = "whsec_fakeSigningSecret0000";
const STRIPE_ORIGINS = ["https://js.stripe.com", "https://api.stripe.com", "https://hooks.stripe.com"];

// The Stripe.js double: the few calls the widget makes. Its Payment Element is a frame from
// js.stripe.com; confirmPayment pays in place, or (3-D Secure) leaves for Stripe's page.
const STRIPE_JS = `window.Stripe = function (key) {
  var state = window.__stripe = { key: key, confirmed: [] };
  return {
    elements: function (options) {
      state.clientSecret = options.clientSecret;
      return { create: function (type) { return { mount: function (container) {
        var frame = document.createElement("iframe");
        frame.src = "https://js.stripe.com/v3/elements-inner-" + type + ".html";
        frame.title = "Secure payment input frame";
        container.appendChild(frame);
      } }; } };
    },
    confirmPayment: function (options) {
      state.confirmed.push(options.confirmParams.return_url);
      if (!window.__threeDS) {
        return fetch("https://api.stripe.com/v1/payment_intents/confirm", { method: "POST" }).then(function () { return {}; });
      }
      window.location.assign("https://hooks.stripe.com/3d_secure_2/authenticate?return_url=" + encodeURIComponent(options.confirmParams.return_url) + "&pi=" + encodeURIComponent(state.clientSecret));
      return new Promise(function () {});
    }
  };
};`;
const ELEMENT_FRAME = `<!doctype html><html lang="en"><title>Payment</title><label>Card number <input autocomplete="cc-number"></label></html>`;
// Stripe's 3-D Secure step, done: it sends the donor back to the return URL with Stripe's
// parameters. A redirect, not a page of Stripe's that navigates: Chromium's Local Network Access
// checks would refuse a public site's navigation to the app on loopback, which a deployed
// registry never meets.
function threeDSReturn(url: URL): string {
  const secret = url.searchParams.get("pi") ?? "";
  const back = new URL(url.searchParams.get("return_url") ?? "");
  back.searchParams.set("payment_intent", secret.split("_secret_")[0] ?? "");
  back.searchParams.set("payment_intent_client_secret", secret);
  back.searchParams.set("redirect_status", "succeeded");
  return back.href;
}

const RECORDER = `<script>
window.messages = [];
addEventListener("message", function (e) { window.messages.push({ origin: e.origin, data: e.data }); });
</script>`;

let app: StartedApp;
let keys: CreatedKeys<"embed">;
let stripe: FakeStripe;
let host: { origin: string; close(): Promise<void> };
let browser: Browser;
let html = "";
/** Called as Stripe's 3-D Secure page is asked for (with its URL): what Stripe would do then, send the webhook. */
let onThreeDS: (url: URL) => Promise<void> = async () => {};

beforeAll(async () => {
  if (!available) return;
  const server = http.createServer((_, response) => response.writeHead(200, { "Content-Type": "text/html" }).end(html));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
  stripe = await startFakeStripe();
  [{ app, keys }, browser] = await Promise.all([
    startAppWithKeys(
      { embed: { name: "NGO site", kind: "publishable", ngo: DEMO, origins: [host.origin] } },
      { env: fakeStripeEnv(stripe, { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }) },
    ),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await stripe?.stop();
  await host?.close();
});

const signer = new Stripe(SECRET_KEY);
let eventCounter = 0;

async function deliver(type: string, object: Record<string, unknown>): Promise<void> {
  const payload = JSON.stringify({ id: `evt_widget_${Date.now()}_${++eventCounter}`, object: "event", type, api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const response = await fetch(`${app.url}/api/v1/payments/stripe/webhook`, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body: payload });
  expect(response.status).toBe(200);
}

/** The intent the last call of this kind made at the fake (its idempotency key), and the fake's object. */
async function lastMade(path: "/v1/payment_intents" | "/v1/subscriptions"): Promise<{ intent: string; object: { id: string } }> {
  const intent = String(stripe.calls.filter((c) => c.method === "POST" && c.path === path).at(-1)?.idempotencyKey);
  // The fake answers a repeated key with its first answer: the object it made.
  const response = await fetch(`${stripe.url}${path}`, { method: "POST", headers: { "Idempotency-Key": intent } });
  return { intent, object: (await response.json()) as { id: string } };
}

type Session = { context: BrowserContext; page: Page; errors: string[]; elsewhere: string[] };

/** A browser context whose Stripe hosts are the doubles, recording any request to another host. */
async function session(): Promise<Session> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 1000 } });
  const errors: string[] = [];
  const elsewhere: string[] = [];
  const known = [app.url, host.origin, ...STRIPE_ORIGINS];
  // A request the doubles did not answer would have left for the network: none may fail so.
  context.on("requestfailed", (request) => errors.push(`${request.url()}: ${request.failure()?.errorText}`));
  context.on("request", (request) => {
    const url = request.url();
    if (/^https?:/.test(url) && !known.includes(new URL(url).origin)) elsewhere.push(url);
  });
  await context.route("https://js.stripe.com/**", (route) => {
    const url = route.request().url();
    if (url === "https://js.stripe.com/v3" || url === "https://js.stripe.com/v3/") return route.fulfill({ contentType: "application/javascript", body: STRIPE_JS });
    return route.fulfill({ contentType: "text/html", body: ELEMENT_FRAME });
  });
  await context.route("https://api.stripe.com/**", (route) => route.fulfill({ contentType: "application/json", headers: { "Access-Control-Allow-Origin": "*" }, body: '{"status":"succeeded"}' }));
  await context.route("https://hooks.stripe.com/**", async (route) => {
    const url = new URL(route.request().url());
    await onThreeDS(url);
    await route.fulfill({ status: 302, headers: { Location: threeDSReturn(url) } });
  });
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(error.message));
  recordCspViolations(page, errors);
  return { context, page, errors, elsewhere };
}

const widgetUrl = () => `${app.url}/embed/donate/${DEMO}?key=${keys.embed.key}`;
const widgetFrame = (page: Page) => page.frames().find((f) => f.url().startsWith(`${app.url}/embed/donate/`));

async function framedWidget(page: Page): Promise<Frame> {
  html = `<!doctype html><html lang="en"><title>NGO</title><h1>Our NGO</h1>${RECORDER}<iframe title="Donation form" src="${widgetUrl()}" style="width:480px;height:900px;border:0"></iframe></html>`;
  await page.goto(host.origin);
  await expect.poll(() => widgetFrame(page)?.url(), { timeout: 15_000 }).toBeDefined();
  const frame = widgetFrame(page) as Frame;
  await frame.getByRole("button", { name: "Donate" }).waitFor({ timeout: 15_000 });
  return frame;
}

/** Creates the intent and waits for the Payment Element: Stripe's frame, no card field of ours. */
async function mountPaymentElement(frame: Frame): Promise<void> {
  expect(await frame.locator("#card, input[autocomplete^=cc-]").count()).toBe(0);
  await frame.getByRole("button", { name: "Donate", exact: true }).click();
  // The card field is in Stripe's frame, loaded from Stripe's origin.
  await frame.frameLocator("iframe").getByLabel("Card number").waitFor({ timeout: 15_000 });
  expect(frame.childFrames().map((f) => new URL(f.url()).origin)).toEqual(["https://js.stripe.com"]);
  expect(await frame.locator("input[autocomplete^=cc-]").count()).toBe(0);
}

type Message = { origin: string; data: { type: string; intent_id?: string } };

describe.skipIf(!available)("the live donation widget in Chromium", () => {
  it("pays with Stripe's Payment Element, comes back from 3-D Secure and tells the exact parent once the webhook settles it", async () => {
    const { context, page, errors, elsewhere } = await session();
    const frame = await framedWidget(page);
    await mountPaymentElement(frame);
    const { intent, object: paymentIntent } = await lastMade("/v1/payment_intents");
    let returnUrl: URL | undefined;
    onThreeDS = (url) => {
      returnUrl = new URL(url.searchParams.get("return_url") ?? "");
      return deliver("payment_intent.succeeded", { ...paymentIntent, status: "succeeded", metadata: { donation_intent: intent, ngo: DEMO } });
    };
    await frame.evaluate("window.__threeDS = true");
    await frame.getByRole("button", { name: /^Donate .+/ }).click();
    await expect.poll(() => widgetFrame(page)?.getByText("Thank you!").isVisible().catch(() => false), { timeout: 20_000 }).toBe(true);
    const back = widgetFrame(page) as Frame;
    // The return's marker and Stripe's parameters are gone from the address: a reload resumes nothing.
    expect(new URL(back.url()).searchParams.has("payment_intent")).toBe(false);
    expect(new URL(back.url()).searchParams.has("resume")).toBe(false);
    const messages = (await page.evaluate("window.messages")) as Message[];
    expect(messages.find((m) => m.data.type === "donation.succeeded")).toMatchObject({ origin: app.url, data: { intent_id: intent } });
    expect(messages.every((m) => m.origin === app.url)).toBe(true);
    // Our client secret rides in no URL: the return URL is the widget's, with our intent's id only.
    expect(returnUrl?.origin + (returnUrl?.pathname ?? "")).toBe(`${app.url}/embed/donate/${DEMO}`);
    expect([...(returnUrl?.searchParams.keys() ?? [])]).toEqual(["key", "resume"]);
    expect(returnUrl?.searchParams.get("resume")).toBe(intent);
    expect(returnUrl?.hash).toBe("");
    expect(errors).toEqual([]);
    expect(elsewhere).toEqual([]);
    await context.close();
  });

  it("says a monthly gift recurs and how to stop it, follows it until its first invoice is paid and shows the cancel link", async () => {
    onThreeDS = async () => {};
    const { context, page, errors, elsewhere } = await session();
    const frame = await framedWidget(page);
    await frame.getByText("Monthly", { exact: true }).click();
    await expect(frame.getByText(/every month until you stop it/).isVisible()).resolves.toBe(true);
    await mountPaymentElement(frame);
    const { intent, object: subscription } = await lastMade("/v1/subscriptions");
    await frame.getByRole("button", { name: /^Donate .+/ }).click();
    // Paid at Stripe: the widget waits for the webhook.
    await frame.getByText("Processing your donation…").waitFor();
    await deliver("invoice.paid", {
      id: `in_${intent}_1`,
      object: "invoice",
      billing_reason: "subscription_create",
      amount_paid: 250000,
      currency: "kes",
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: { donation_intent: intent, ngo: DEMO } } },
      payments: { object: "list", data: [{ payment: { type: "payment_intent", payment_intent: `pi_${intent}_1` } }] },
    });
    await frame.getByText("Thank you!").waitFor({ timeout: 15_000 });
    expect(await frame.locator("#done-text").innerText()).toMatch(/^Your monthly donation of .+ went through\.$/);
    const link = frame.getByRole("link", { name: /Stop my monthly donation/ });
    expect(await link.getAttribute("href")).toMatch(new RegExp(`^${app.url}/donations/cancel\\?token=[\\w.-]+$`));
    const messages = (await page.evaluate("window.messages")) as Message[];
    expect(messages.find((m) => m.data.type === "donation.succeeded")?.data.intent_id).toBe(intent);
    expect(errors).toEqual([]);
    expect(elsewhere).toEqual([]);
    await context.close();
  });

  it("takes a Referer from Stripe's pages for no parent (the 3-D Secure return), and still refuses another site's", async () => {
    const asFrame = (referer: string) => fetch(widgetUrl(), { headers: { Referer: referer, "Sec-Fetch-Dest": "iframe" } }).then((r) => r.text());
    for (const stripePage of ["https://hooks.stripe.com/3d_secure_2/authenticate", "https://js.stripe.com/v3/"]) {
      const html = await asFrame(stripePage);
      expect(html).toContain('id="pe"');
      expect(html).toContain('"parent":null');
    }
    expect(await asFrame("https://elsewhere.example/")).toContain("may not be shown on this website");
  });

  it("passes an accessibility audit with the Payment Element mounted", async () => {
    const { context, page, errors } = await session();
    await page.goto(widgetUrl());
    await mountPaymentElement(page.mainFrame());
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
