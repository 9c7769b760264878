import { randomBytes } from "node:crypto";
import { renderWidgetMessage, renderWidgetPage, usesStripeJs } from "./render-widget-page";
import type { ReadyWidget, WidgetMessage } from "./resolve-widget";

/**
 * The widget page's answer. Its CSP lets only the page's own nonce run, lets its scripts talk to
 * the registry alone, and names who may frame it: the key's allowlist ('self' for the preview).
 * No X-Frame-Options: it cannot express an allowlist, and frame-ancestors overrides it anyway.
 * In live mode it adds exactly what Stripe documents for Stripe.js, its Payment Element and
 * 3-D Secure: Stripe.js from js.stripe.com, its frames from there and hooks.stripe.com, its calls
 * to api.stripe.com.
 */
export function widgetResponse(widget: ReadyWidget | WidgetMessage): Response {
  const nonce = randomBytes(16).toString("base64");
  const html = widget.kind === "ready" ? renderWidgetPage(nonce, widget) : renderWidgetMessage(nonce, widget);
  const stripe = widget.kind === "ready" && usesStripeJs(widget);
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'${stripe ? " https://js.stripe.com" : ""}`,
    `style-src 'nonce-${nonce}'`,
    `connect-src 'self'${stripe ? " https://api.stripe.com" : ""}`,
    ...(stripe ? ["frame-src https://js.stripe.com https://hooks.stripe.com"] : []),
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${widget.frameAncestors}`,
  ].join("; ");
  const refusal = widget.kind === "message" ? widget : undefined;
  return new Response(html, {
    status: refusal?.status ?? 200,
    headers: {
      ...refusal?.headers,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": csp,
      // Each answer holds a fresh embed session: never cached, never shared.
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
