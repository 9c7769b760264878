// The hosted widget's one script, inlined in its page under the page's CSP nonce
// (lib/embed/render-widget-page.ts): formats amounts with Intl, validates, creates and confirms the
// intent with the page's embed session, follows a processing intent until it settles, and talks
// to the parent page by postMessage to its exact origin only. No dependencies: it is part of
// every donation page's weight.
import { CURRENCIES, type CurrencyCode } from "@/lib/donations/currencies";
import type { WidgetConfig } from "@/lib/embed/widget-config";
import { failureText } from "./widget/failure-text";
import { formatAmount } from "./widget/format-amount";
import { callApi, followIntent, type Intent } from "./widget/intent-api";
import { parentOrigin } from "./widget/parent-origin";
import { parseAmount } from "./widget/parse-amount";

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

async function donate(body: Record<string, unknown>, card: HTMLInputElement | null): Promise<Intent> {
  const key = crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2) + Date.now();
  const created = await callApi<Intent>("/api/v1/embed/donation/intent", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${config.session}`, "Idempotency-Key": key },
    body: JSON.stringify(body),
  });
  const secret = created.client_secret;
  const confirmed = await callApi<Intent>(`/api/v1/embed/donation/intent/${created.id}/confirm`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ client_secret: secret, card_number: card ? card.value : "" }),
  });
  return followIntent({ ...confirmed, client_secret: secret }, 30);
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  if (config.disabled) return say("Donations through this preview are disabled.", "err");
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
  button.disabled = true;
  say("Processing your donation…");
  post({ type: "donation.started", amount, currency: code() });
  try {
    const intent = await donate(body, card);
    if (intent.status === "succeeded") {
      form.hidden = true;
      $("done").hidden = false;
      $("done-text").textContent = `Your ${intent.frequency === "monthly" ? "monthly " : ""}donation of ${format(intent.amount, intent.currency)} to ${config.name} went through.${config.mode === "sandbox" ? " (Sandbox: no money moved.)" : ""}`;
      $("done").focus();
      post({ type: "donation.succeeded", intent_id: intent.id, amount: intent.amount, currency: intent.currency });
    } else {
      const reason = intent.failure_code || intent.status;
      say(failureText(reason), "err");
      post({ type: "donation.failed", reason });
    }
  } catch (error) {
    const reason = (error as Error).message;
    say(reason, "err");
    post({ type: "donation.failed", reason });
  }
  button.disabled = false;
});
