// The hosted widget's one script, inlined in its page under the page's CSP nonce
// (lib/embed/render-widget-page.ts): formats amounts with Intl, validates, creates the intent with
// the page's embed session and pays it (a test card through /confirm in the sandbox; Stripe's
// Payment Element in live mode, resuming after a 3-D Secure redirect), follows the intent until it
// settles, and talks to the parent page by postMessage to its exact origin only. No dependencies
// but Stripe.js, which the page loads in live mode: it is part of every donation page's weight.
import { CURRENCIES, type CurrencyCode } from "@/lib/donations/currencies";
import type { WidgetConfig } from "@/lib/embed/widget-config";
import { failureText } from "./widget/failure-text";
import { formatAmount } from "./widget/format-amount";
import { callApi, followIntent, readIntent, type Intent } from "./widget/intent-api";
import { keepSecret, resumeFrom, returnUrlFor, sessionStore, takeSecret, withoutResume } from "./widget/live-return";
import { parentOrigin } from "./widget/parent-origin";
import { parseAmount } from "./widget/parse-amount";
import { mountPaymentElement, refusalReason, type ConfirmPayment, type StripeConstructor } from "./widget/payment-element";

declare global {
  interface Window {
    Stripe?: StripeConstructor;
  }
}

// A live intent stays open until Stripe's webhook tells the registry how the payment ended.
const LIVE_PENDING = ["requires_payment_method", "processing"];

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

const config = JSON.parse($("cfg").textContent ?? "{}") as WidgetConfig;
const form = $<HTMLFormElement>("f");
const statusEl = $("st");
const amountEl = $<HTMLInputElement>("amt");
const currencyEl = $<HTMLSelectElement>("cur");
const button = $<HTMLButtonElement>("go");
const locale = navigator.language || "en";
const parent = parentOrigin(config, location.origin, location.ancestorOrigins?.[0]);

const code = () => currencyEl.value as CurrencyCode;
const format = (minor: number, currency: string, whole?: boolean) => formatAmount(minor, currency as CurrencyCode, locale, whole);

function post(message: { type: string; [field: string]: unknown }): void {
  if (parent && window.parent !== window) window.parent.postMessage({ ...message, source: "trust-registry" }, parent);
}

// Nothing from outside is acted on: the widget listens to no message at all.

let lastHeight = 0;
function resize(): void {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (height !== lastHeight) {
    lastHeight = height;
    post({ type: "resize", height });
  }
}
if ("ResizeObserver" in window) new ResizeObserver(resize).observe(document.documentElement);
else addEventListener("load", resize);

function showPresets(): void {
  const box = $("pre");
  const currency = CURRENCIES[code()];
  box.textContent = "";
  currency.presets.forEach((major, i) => {
    const input = document.createElement("input");
    const label = document.createElement("label");
    input.type = "radio";
    input.name = "preset";
    input.id = label.htmlFor = `p${i}`;
    input.value = String(major * 10 ** currency.exponent);
    input.addEventListener("change", () => {
      amountEl.value = "";
      clearError(amountEl);
    });
    input.checked = i === 1;
    label.textContent = format(Number(input.value), code(), true);
    box.append(input, label);
  });
  $("amt-hint").textContent = `Or another amount in ${code()}, from ${format(currency.min, code())} to ${format(currency.max, code())}.`;
}
currencyEl.addEventListener("change", showPresets);
const showFrequency = () => ($("freq-hint").hidden = !$<HTMLInputElement>("fr2").checked);
form.querySelectorAll("input[name=freq]").forEach((radio) => radio.addEventListener("change", showFrequency));
showFrequency();
amountEl.addEventListener("input", () => {
  if (amountEl.value) document.getElementsByName("preset").forEach((radio) => ((radio as HTMLInputElement).checked = false));
});
showPresets();

function setError(el: HTMLElement, text: string): void {
  el.setAttribute("aria-invalid", "true");
  const error = $(`${el.id}-err`);
  error.textContent = text;
  error.hidden = false;
}
function clearError(el: HTMLElement): void {
  el.removeAttribute("aria-invalid");
  const error = document.getElementById(`${el.id}-err`);
  if (error) {
    error.textContent = "";
    error.hidden = true;
  }
}
function say(text: string, kind = ""): void {
  statusEl.textContent = text;
  statusEl.className = kind;
}
function refuse(el: HTMLInputElement, text: string): void {
  setError(el, text);
  el.focus();
}

/** The amount chosen, in minor units: the one typed, else the checked preset. */
function chosenAmount(exponent: number): number {
  if (amountEl.value.trim()) return parseAmount(amountEl.value, exponent);
  const checked = form.querySelector<HTMLInputElement>("input[name=preset]:checked");
  return checked ? Number(checked.value) : NaN;
}

function createIntent(body: Record<string, unknown>): Promise<Intent> {
  const key = crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2) + Date.now();
  return callApi<Intent>("/api/v1/embed/donation/intent", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${config.session}`, "Idempotency-Key": key },
    body: JSON.stringify(body),
  });
}

async function confirmWithTestCard(created: Intent, card: HTMLInputElement | null): Promise<Intent> {
  const secret = created.client_secret;
  const confirmed = await callApi<Intent>(`/api/v1/embed/donation/intent/${created.id}/confirm`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ client_secret: secret, card_number: card ? card.value : "" }),
  });
  return followIntent({ ...confirmed, client_secret: secret }, 30);
}

/** Tells the donor and the host page how the intent ended (or that a live one is still processing). */
async function finish(intent: Intent): Promise<void> {
  if (intent.mode === "live" && LIVE_PENDING.includes(intent.status)) {
    return say("Your payment is still being processed. You need not pay again: if it goes through, the NGO receives it.");
  }
  if (intent.status !== "succeeded") {
    const reason = intent.failure_code || intent.status;
    say(failureText(reason), "err");
    return post({ type: "donation.failed", reason });
  }
  const monthly = intent.frequency === "monthly";
  // Only GET carries the cancel link (the sandbox's confirm answer does not).
  const cancelUrl = monthly ? (intent.cancel_url ?? (await readIntent(intent.id, intent.client_secret).catch(() => intent)).cancel_url) : null;
  form.hidden = true;
  $("done").hidden = false;
  $("done-text").textContent = `Your ${monthly ? "monthly " : ""}donation of ${format(intent.amount, intent.currency)} to ${config.name} went through.${config.mode === "sandbox" ? " (Sandbox: no money moved.)" : ""}`;
  if (cancelUrl) {
    $<HTMLAnchorElement>("cancel-link").href = cancelUrl;
    $("done-cancel").hidden = false;
  }
  $("done").focus();
  post({ type: "donation.succeeded", intent_id: intent.id, amount: intent.amount, currency: intent.currency });
}

function failed(error: unknown): void {
  const reason = (error as Error).message;
  say(reason, "err");
  post({ type: "donation.failed", reason });
}

// Live mode: the intent created, its Payment Element mounted and waiting for the donor's details.
let live: { intent: Intent; confirm: ConfirmPayment } | null = null;

async function payLive(pending: { intent: Intent; confirm: ConfirmPayment }): Promise<void> {
  say("Processing your donation…");
  const error = await pending.confirm(returnUrlFor(location.href, pending.intent.id));
  if (error) {
    const reason = refusalReason(error);
    say(error.message || failureText(reason ?? error.type), "err");
    if (reason) post({ type: "donation.failed", reason });
    return;
  }
  await finish(await followIntent(pending.intent, 30, LIVE_PENDING));
}

function startLive(created: Intent, stripeJs: StripeConstructor): void {
  const { client_secret: paymentSecret, publishable_key: publishableKey } = created.payment ?? {};
  if (!paymentSecret || !publishableKey) throw new Error("The donation could not be prepared. Please try again.");
  keepSecret(sessionStore(), created.id, created.client_secret);
  // The amount and the donor are the intent's now: only the payment details remain to enter.
  for (const field of Array.from(form.elements)) if (field !== button) (field as HTMLInputElement).disabled = true;
  $("pe").hidden = false;
  live = { intent: created, confirm: mountPaymentElement(stripeJs, publishableKey, paymentSecret, $("pe")) };
  button.textContent = `Donate ${format(created.amount, created.currency)}`;
  say("Enter your payment details, then confirm your donation.");
}

/** Back from Stripe's redirect (3-D Secure): the intent read again with the secret kept for it. */
async function resume(id: string): Promise<void> {
  history.replaceState(null, "", withoutResume(location.href));
  const secret = takeSecret(sessionStore(), id);
  if (!secret) return say("This page cannot check the payment it sent to your bank. If it went through, the NGO receives it: you need not pay again.", "err");
  button.disabled = true;
  say("Checking your payment…");
  try {
    await finish(await followIntent(await readIntent(id, secret), 30, LIVE_PENDING));
  } catch (error) {
    failed(error);
  }
  button.disabled = false;
}
const back = resumeFrom(location.href);
if (back) void resume(back.id);

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  if (config.disabled) return say("Donations through this preview are disabled.", "err");
  if (live) {
    button.disabled = true;
    await payLive(live).catch(failed);
    button.disabled = false;
    return;
  }
  const currency = CURRENCIES[code()];
  clearError(amountEl);
  const amount = chosenAmount(currency.exponent);
  if (!(amount >= currency.min && amount <= currency.max)) {
    return refuse(amountEl, `Enter an amount from ${format(currency.min, code())} to ${format(currency.max, code())}${currency.exponent ? "" : ", in whole units"}.`);
  }
  const card = document.getElementById("card") as HTMLInputElement | null;
  if (card) {
    clearError(card);
    if (!/^[\d -]{12,23}$/.test(card.value.trim())) return refuse(card, "Enter a card number: one of the test cards below.");
  }
  const email = $<HTMLInputElement>("email");
  clearError(email);
  if (email.value && !email.checkValidity()) return refuse(email, "Enter an email address, or leave it empty.");
  const name = $<HTMLInputElement>("name").value.trim();
  const body = {
    ngo: config.ngo,
    amount,
    currency: code(),
    frequency: form.querySelector<HTMLInputElement>("input[name=freq]:checked")?.value,
    anonymous: $<HTMLInputElement>("anon").checked,
    ...(name ? { name } : {}),
    ...(email.value ? { email: email.value } : {}),
  };
  const stripeJs = window.Stripe;
  if (config.mode === "live" && !stripeJs) return say("The payment form could not be loaded. Please try again later.", "err");
  button.disabled = true;
  say("Processing your donation…");
  post({ type: "donation.started", amount, currency: code() });
  try {
    const created = await createIntent(body);
    if (stripeJs && created.mode === "live") startLive(created, stripeJs);
    else await finish(await confirmWithTestCard(created, card));
  } catch (error) {
    failed(error);
  }
  button.disabled = false;
});
