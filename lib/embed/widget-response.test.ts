import { describe, expect, it } from "vitest";
import { READY_WIDGET } from "@/tests/support/ready-widget";
import { widgetResponse } from "./widget-response";

const widget = READY_WIDGET;

const cspOf = (response: Response) => Object.fromEntries((response.headers.get("Content-Security-Policy") ?? "").split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));

describe("the widget page's CSP", () => {
  it("lets the sandbox page talk to the registry alone", () => {
    const csp = cspOf(widgetResponse(widget));
    expect(csp["script-src"]).toEqual([expect.stringMatching(/^'nonce-[\w+/=]+'$/)]);
    expect(csp["connect-src"]).toEqual(["'self'"]);
    expect(csp["frame-src"]).toBeUndefined();
    expect(csp["default-src"]).toEqual(["'none'"]);
  });

  it("adds exactly what Stripe.js, its Payment Element and 3-D Secure need in live mode, and keeps the nonce", () => {
    const csp = cspOf(widgetResponse({ ...widget, mode: "live" }));
    expect(csp["script-src"]).toEqual([expect.stringMatching(/^'nonce-/), "https://js.stripe.com"]);
    expect(csp["frame-src"]).toEqual(["https://js.stripe.com", "https://hooks.stripe.com"]);
    expect(csp["connect-src"]).toEqual(["'self'", "https://api.stripe.com"]);
    expect(csp["style-src"]).toEqual([expect.stringMatching(/^'nonce-/)]);
    expect(csp["default-src"]).toEqual(["'none'"]);
    expect(csp["frame-ancestors"]).toEqual(["https://ngo.test"]);
  });

  it("adds nothing for a live preview that takes no donations, nor for a message", () => {
    expect(cspOf(widgetResponse({ ...widget, mode: "live", preview: true, donationsDisabled: true }))["frame-src"]).toBeUndefined();
    expect(widgetResponse({ kind: "message", title: "No", text: "x", frameAncestors: "*" }).headers.get("Content-Security-Policy")).not.toContain("stripe");
  });
});
