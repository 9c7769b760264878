// /embed.js: one <script src=".../embed.js" data-ngo="slug" data-key="tr_pk_…" async> inserts the
// widget's iframe after itself, sizes it from the widget's `resize` messages, and re-dispatches
// the widget's other messages as DOM CustomEvents (donation.started, donation.succeeded,
// donation.failed) on the iframe, bubbling to the host page. Only messages from that iframe and
// the registry's origin are heard. Its version is lib/embed/embed-loader-version.ts.
import { frameHeight } from "./frame-height";
import { widgetSrc } from "./embed-loader/widget-src";

function insertWidget(script: HTMLOrSVGScriptElement | null): void {
  if (!(script instanceof HTMLScriptElement) || script.getAttribute("data-tr-done")) return;
  script.setAttribute("data-tr-done", "1");
  const origin = new URL(script.src).origin;
  const frame = document.createElement("iframe");
  frame.src = widgetSrc(origin, script.getAttribute("data-ngo") || "", script.getAttribute("data-key") || "");
  frame.title = script.getAttribute("data-title") || "Donation form";
  // Through the CSSOM, which a host page's CSP (style-src) allows where a style attribute would not be.
  Object.assign(frame.style, { width: "100%", maxWidth: "520px", border: "0", height: "640px", display: "block" });
  frame.setAttribute("allow", "payment");
  script.after(frame);
  addEventListener("message", (event) => {
    const data = event.data as { type?: unknown; height?: unknown } | null;
    if (event.origin !== origin || event.source !== frame.contentWindow || !data || typeof data.type !== "string") return;
    if (data.type !== "resize") frame.dispatchEvent(new CustomEvent(data.type, { detail: data, bubbles: true }));
    else frame.style.height = frameHeight(data.height) ?? frame.style.height;
  });
}

insertWidget(document.currentScript);
