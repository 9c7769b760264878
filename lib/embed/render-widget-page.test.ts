import { describe, expect, it } from "vitest";
import { renderWidgetMessage, renderWidgetPage } from "./render-widget-page";
import { READY_WIDGET } from "@/tests/support/ready-widget";

const widget = READY_WIDGET;

describe("the widget page", () => {
  it("has the fields people expect, the sandbox badge and the test cards", () => {
    const html = renderWidgetPage("n0nce", widget);
    for (const text of ['for="amt">Amount<', 'for="card">Card number<', ">Donate</button>", 'class="badge">Sandbox<', "4242 4242 4242 4242", "<option selected>KES</option>"]) {
      expect(html).toContain(text);
    }
    expect(html).toContain("Demo &lt;Water&gt; Trust");
    // Only nonce'd inline code: no handler attributes, no style attributes.
    expect(html).not.toMatch(/\son[a-z]+=|\sstyle=/);
    expect(html.match(/<script nonce="n0nce"/g)).toHaveLength(2);
  });

  it("keeps its configuration inert: no value can close the script element", () => {
    const html = renderWidgetPage("n", { ...widget, ngo: { ...widget.ngo, name: "</script><script>alert(1)</script>" } });
    expect(html).not.toContain("</script><script>alert(1)");
  });

  it("says so when the preview takes no donations (live mode)", () => {
    const html = renderWidgetPage("n", { ...widget, mode: "live", preview: true, donationsDisabled: true });
    expect(html).toContain("donations through it are disabled in live mode");
    expect(html).not.toContain('id="card"');
  });

  it("loads Stripe.js from Stripe in live mode, for the Payment Element instead of a card field of ours", () => {
    const html = renderWidgetPage("n0nce", { ...widget, mode: "live" });
    expect(html).toContain('<script nonce="n0nce" src="https://js.stripe.com/v3"></script>');
    expect(html).toContain('<div id="pe" class="field" hidden></div>');
    expect(html.split("<script")[0]).not.toMatch(/id="card"|autocomplete="cc-|Test cards|Sandbox/);
    expect(renderWidgetPage("n", widget)).not.toContain("js.stripe.com");
    expect(renderWidgetPage("n", { ...widget, mode: "live", preview: true, donationsDisabled: true })).not.toContain("js.stripe.com");
  });

  it("says how a monthly gift recurs and stops, and has a place for its cancel link", () => {
    const html = renderWidgetPage("n", widget);
    expect(html).toContain("every month until you stop it");
    expect(html).toMatch(/<a id="cancel-link" target="_blank" rel="noopener noreferrer">Stop my monthly donation/);
  });

  it("shows a message as text, never markup", () => {
    expect(renderWidgetMessage("n", { kind: "message", title: "No", text: "<b>x</b>", frameAncestors: "*" })).toContain("&lt;b&gt;x&lt;/b&gt;");
  });
});
