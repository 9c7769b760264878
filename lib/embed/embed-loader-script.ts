// /embed.js: one <script src=".../embed.js" data-ngo="slug" data-key="tr_pk_…" async> inserts the
// widget's iframe after itself, sizes it from the widget's `resize` messages, and re-dispatches
// the widget's other messages as DOM CustomEvents (donation.started, donation.succeeded,
// donation.failed) on the iframe, bubbling to the host page. Only messages from that iframe and
// the registry's origin are heard.
export const EMBED_LOADER_VERSION = "1.0.0";

export const EMBED_LOADER_SCRIPT = `/*! Trust Registry embed.js ${EMBED_LOADER_VERSION} */
(function () {
  var s = document.currentScript;
  if (!s || s.getAttribute("data-tr-done")) return;
  s.setAttribute("data-tr-done", "1");
  var origin = new URL(s.src).origin, ngo = s.getAttribute("data-ngo") || "", key = s.getAttribute("data-key") || "";
  var f = document.createElement("iframe");
  f.src = origin + "/embed/donate/" + encodeURIComponent(ngo) + "?key=" + encodeURIComponent(key);
  f.title = s.getAttribute("data-title") || "Donation form";
  // Through the CSSOM, which a host page's CSP (style-src) allows where a style attribute would not be.
  f.style.width = "100%"; f.style.maxWidth = "520px"; f.style.border = "0"; f.style.height = "640px"; f.style.display = "block";
  f.setAttribute("allow", "payment");
  s.parentNode.insertBefore(f, s.nextSibling);
  window.addEventListener("message", function (e) {
    var d = e.data;
    if (e.origin !== origin || e.source !== f.contentWindow || !d || typeof d.type !== "string") return;
    if (d.type === "resize") { if (d.height > 0) f.style.height = Math.ceil(d.height) + "px"; return; }
    f.dispatchEvent(new CustomEvent(d.type, { detail: d, bubbles: true }));
  });
})();
`;
