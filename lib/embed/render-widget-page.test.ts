import { describe, expect, it } from "vitest";
import { renderWidgetMessage, renderWidgetPage } from "./render-widget-page";
import type { ReadyWidget } from "./resolve-widget";

const widget: ReadyWidget = {
  kind: "ready",
  ngo: { slug: "demo-water-trust", name: "Demo <Water> Trust", country: "KE" },
  session: "a.b.c",
  parentOrigin: null,
  allowedOrigins: ["https://ngo.test"],
  mode: "sandbox",
  preview: false,
  donationsDisabled: false,
  frameAncestors: "https://ngo.test",
};

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

  it("shows a message as text, never markup", () => {
    expect(renderWidgetMessage("n", { kind: "message", title: "No", text: "<b>x</b>", frameAncestors: "*" })).toContain("&lt;b&gt;x&lt;/b&gt;");
  });
});
