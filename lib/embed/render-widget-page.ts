// The hosted widget's HTML, built on the server: one inline stylesheet and one inline script
// under a per-response CSP nonce (the script is browser/widget.ts, bundled), and the configuration
// the script needs as inert JSON. In live mode the page also loads Stripe.js, from Stripe, for
// the Payment Element (docs/donations.md#the-live-widget).
import { CURRENCY_CODES, defaultCurrencyFor } from "@/lib/donations/currencies";
import { WIDGET_SCRIPT } from "@/lib/generated-browser/widget";
import { TEST_CARDS } from "@/lib/payments/test-cards";
import type { ReadyWidget, WidgetMessage } from "./resolve-widget";
import type { WidgetConfig } from "./widget-config";
import { WIDGET_STYLE } from "./widget-style";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

// JSON inside <script>: "<" escaped, so no value can close the element.
const inertJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

function page(nonce: string, title: string, body: string, script = ""): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer"><title>${escape(title)}</title><style nonce="${nonce}">${WIDGET_STYLE}</style></head><body><main>${body}</main>${script}</body></html>`;
}

export function renderWidgetMessage(nonce: string, message: WidgetMessage): string {
  return page(nonce, message.title, `<h1>${escape(message.title)}</h1><p class="msg" role="alert">${escape(message.text)}</p>`);
}

/** Where Stripe.js comes from: Stripe's own host, never a copy (Stripe requires it, for PCI). */
export const STRIPE_JS_URL = "https://js.stripe.com/v3";

/** Whether the page collects payments with Stripe.js (live mode, donations not disabled). */
export const usesStripeJs = (widget: ReadyWidget) => widget.mode === "live" && !widget.donationsDisabled;

export function renderWidgetPage(nonce: string, widget: ReadyWidget): string {
  const sandbox = widget.mode === "sandbox";
  const initial = defaultCurrencyFor(widget.ngo.country);
  const config: WidgetConfig = {
    ngo: widget.ngo.slug,
    name: widget.ngo.name,
    session: widget.session,
    parent: widget.parentOrigin,
    preview: widget.preview,
    origins: widget.allowedOrigins,
    mode: widget.mode,
    disabled: widget.donationsDisabled,
  };
  const options = CURRENCY_CODES.map((code) => `<option${code === initial ? " selected" : ""}>${code}</option>`).join("");
  const cards = TEST_CARDS.map((card) => `<li><code>${card.number.replace(/(\d{4})(?=\d)/g, "$1 ")}</code> ${escape(card.description)}</li>`).join("");
  const body = `<h1>Donate to ${escape(widget.ngo.name)}${sandbox ? ' <span class="badge">Sandbox</span>' : ""}</h1>
${widget.donationsDisabled ? '<p class="note">This is a preview: donations through it are disabled in live mode.</p>' : ""}
${widget.preview && !widget.donationsDisabled ? '<p class="note">Preview of the donation form, in sandbox mode: no money moves.</p>' : ""}
<form id="f" novalidate>
<div class="row"><fieldset><legend>Frequency</legend><div class="seg"><input type="radio" name="freq" id="fr1" value="one_time" checked><label for="fr1">One-time</label><input type="radio" name="freq" id="fr2" value="monthly"><label for="fr2">Monthly</label></div><p class="hint" id="freq-hint" hidden>Monthly: the same amount is given every month until you stop it. The confirmation gives you a link to stop it at any time.</p></fieldset>
<div class="field"><label class="f" for="cur">Currency</label><select id="cur">${options}</select></div></div>
<fieldset><legend>Choose an amount</legend><div class="pre" id="pre"></div></fieldset>
<div class="field"><label class="f" for="amt">Amount</label><input type="text" id="amt" inputmode="decimal" autocomplete="off" aria-describedby="amt-hint amt-err"><p class="hint" id="amt-hint"></p><p class="err-t" id="amt-err" hidden></p></div>
<div class="row"><div class="field"><label class="f" for="name">Name (optional)</label><input type="text" id="name" autocomplete="name" maxlength="100"></div>
<div class="field"><label class="f" for="email">Email (optional)</label><input type="email" id="email" autocomplete="email" maxlength="254" aria-describedby="email-err"><p class="err-t" id="email-err" hidden></p></div></div>
<div class="check"><input type="checkbox" id="anon"><label for="anon">Give anonymously</label></div>
${sandbox ? `<div class="field"><label class="f" for="card">Card number</label><input type="text" id="card" inputmode="numeric" autocomplete="cc-number" aria-describedby="card-hint card-err"><p class="hint" id="card-hint">Sandbox mode: use a test card below, no money moves.</p><p class="err-t" id="card-err" hidden></p></div>
<details><summary>Test cards</summary><ul>${cards}</ul></details>` : '<div id="pe" class="field" hidden></div>'}
<button type="submit" id="go">Donate</button>
<p id="st" role="status" aria-live="polite"></p>
</form>
<div id="done" class="done" tabindex="-1" hidden><h2>Thank you!</h2><p id="done-text"></p><p id="done-cancel" hidden>Keep this link to stop the monthly gift whenever you wish: <a id="cancel-link" target="_blank" rel="noopener noreferrer">Stop my monthly donation (opens in a new tab)</a></p></div>`;
  const stripe = usesStripeJs(widget) ? `<script nonce="${nonce}" src="${STRIPE_JS_URL}"></script>` : "";
  return page(nonce, `Donate to ${widget.ngo.name}`, body, `<script nonce="${nonce}" id="cfg" type="application/json">${inertJson(config)}</script>${stripe}<script nonce="${nonce}">${WIDGET_SCRIPT}</script>`);
}
