// The hosted widget's one script, inlined in its page (under a CSP nonce): formats amounts with
// Intl, validates, creates and confirms the intent with the page's embed session, follows a
// processing intent until it settles, and talks to the parent page by postMessage to its exact
// origin only. Plain ES2019, no dependencies: it is part of every donation page's weight.
export const WIDGET_SCRIPT = String.raw`(function () {
  var c = JSON.parse(document.getElementById("cfg").textContent);
  var $ = function (id) { return document.getElementById(id); };
  var form = $("f"), statusEl = $("st"), amountEl = $("amt"), curEl = $("cur"), btn = $("go");
  var loc = navigator.language || "en";
  // The preview is framed by the registry's own pages only: its parent has the page's own origin.
  var parentOrigin = c.preview ? location.origin : c.parent;
  function allowed(o) {
    return c.origins.some(function (p) {
      if (p === o) return true;
      var i = p.indexOf("://*.");
      return i > 0 && o.indexOf("https://") === 0 && p.indexOf("https://") === 0 && o.slice(8).split(":")[0].endsWith("." + p.slice(i + 5).split(":")[0]) && (o.split(":")[2] || "") === (p.split(":")[2] || "");
    });
  }
  if (!parentOrigin && location.ancestorOrigins && location.ancestorOrigins.length && allowed(location.ancestorOrigins[0])) parentOrigin = location.ancestorOrigins[0];
  function post(m) {
    if (parentOrigin && window.parent !== window) { m.source = "trust-registry"; window.parent.postMessage(m, parentOrigin); }
  }
  // Nothing from outside is acted on; a message from anyone but the exact parent is ignored.
  window.addEventListener("message", function (e) { if (e.source !== window.parent || e.origin !== parentOrigin) return; });
  var lastHeight = 0;
  function resize() {
    var h = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (h !== lastHeight) { lastHeight = h; post({ type: "resize", height: h }); }
  }
  if (window.ResizeObserver) new ResizeObserver(resize).observe(document.documentElement); else window.addEventListener("load", resize);
  function cur() { return c.currencies[curEl.value]; }
  // whole: no fraction digits for a whole amount (the presets: "KES 2,500", not "KES 2,500.00").
  function fmt(minor, code, whole) {
    var x = c.currencies[code], digits = whole && minor % Math.pow(10, x.exponent) === 0 ? 0 : x.exponent;
    return new Intl.NumberFormat(loc, { style: "currency", currency: code, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minor / Math.pow(10, x.exponent));
  }
  function presets() {
    var box = $("pre"), x = cur(), code = curEl.value;
    box.textContent = "";
    x.presets.forEach(function (major, i) {
      var id = "p" + i, input = document.createElement("input"), label = document.createElement("label");
      input.type = "radio"; input.name = "preset"; input.id = id; input.value = String(major * Math.pow(10, x.exponent));
      input.addEventListener("change", function () { amountEl.value = ""; clearError(amountEl); });
      if (i === 1) input.checked = true;
      label.htmlFor = id; label.textContent = fmt(Number(input.value), code, true);
      box.appendChild(input); box.appendChild(label);
    });
    $("amt-hint").textContent = "Or another amount in " + code + ", from " + fmt(x.min, code) + " to " + fmt(x.max, code) + ".";
  }
  curEl.addEventListener("change", presets);
  amountEl.addEventListener("input", function () {
    if (amountEl.value) Array.prototype.forEach.call(document.getElementsByName("preset"), function (r) { r.checked = false; });
  });
  presets();
  function minorUnits(text, exponent) {
    var t = text.trim().replace(/[\s\u00a0']/g, "");
    var sep = t.lastIndexOf(",") > t.lastIndexOf(".") ? "," : ".";
    var parts = t.split(sep === "," ? "." : ",").join("").split(sep);
    if (parts.length > 2 || !/^\d+$/.test(parts[0] || "0") || (parts[1] !== undefined && !/^\d*$/.test(parts[1]))) return NaN;
    var frac = parts[1] || "";
    if (frac.length > exponent) return NaN;
    return Number((parts[0] || "0") + frac.padEnd(exponent, "0"));
  }
  function setError(el, text) { el.setAttribute("aria-invalid", "true"); var e = $(el.id + "-err"); e.textContent = text; e.hidden = false; }
  function clearError(el) { el.removeAttribute("aria-invalid"); var e = $(el.id + "-err"); if (e) { e.textContent = ""; e.hidden = true; } }
  function say(text, kind) { statusEl.textContent = text; statusEl.className = kind || ""; }
  function api(path, options) {
    return fetch(path, options).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (b) { if (!r.ok) throw new Error(b.detail || "The donation could not be made (" + r.status + ")."); return b; });
    });
  }
  function sleep(ms) { return new Promise(function (r) { setTimeout(r, ms); }); }
  function follow(intent, tries) {
    if (intent.status !== "processing" || tries <= 0) return Promise.resolve(intent);
    return sleep(1000).then(function () {
      return api("/api/v1/embed/donation/intent/" + intent.id + "?client_secret=" + encodeURIComponent(intent.client_secret)).then(function (next) {
        next.client_secret = intent.client_secret; return follow(next, tries - 1);
      });
    });
  }
  var REASONS = { card_declined: "The card was declined.", insufficient_funds: "The card has insufficient funds.", expired_card: "The card has expired.", incorrect_number: "The card number is not a test card: in sandbox mode only the listed test cards work." };
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    if (c.disabled) { say("Donations through this preview are disabled.", "err"); return; }
    var code = curEl.value, x = cur(), amount, checked = form.querySelector("input[name=preset]:checked");
    clearError(amountEl);
    if (amountEl.value.trim()) amount = minorUnits(amountEl.value, x.exponent); else amount = checked ? Number(checked.value) : NaN;
    if (!(amount >= x.min && amount <= x.max)) {
      setError(amountEl, "Enter an amount from " + fmt(x.min, code) + " to " + fmt(x.max, code) + (x.exponent ? "" : ", in whole units") + ".");
      amountEl.focus(); return;
    }
    var card = $("card");
    if (card) {
      clearError(card);
      if (!/^[\d -]{12,23}$/.test(card.value.trim())) { setError(card, "Enter a card number: one of the test cards below."); card.focus(); return; }
    }
    var email = $("email");
    clearError(email);
    if (email.value && !email.checkValidity()) { setError(email, "Enter an email address, or leave it empty."); email.focus(); return; }
    var body = { ngo: c.ngo, amount: amount, currency: code, frequency: form.querySelector("input[name=freq]:checked").value, anonymous: $("anon").checked };
    if ($("name").value.trim()) body.name = $("name").value.trim();
    if (email.value) body.email = email.value;
    btn.disabled = true; say("Processing your donation…");
    post({ type: "donation.started", amount: amount, currency: code });
    var key = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2) + Date.now());
    api("/api/v1/embed/donation/intent", { method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + c.session, "Idempotency-Key": key }, body: JSON.stringify(body) })
      .then(function (intent) {
        var secret = intent.client_secret;
        return api("/api/v1/embed/donation/intent/" + intent.id + "/confirm", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ client_secret: secret, card_number: card ? card.value : "" }) })
          .then(function (next) { next.client_secret = secret; return follow(next, 30); });
      })
      .then(function (intent) {
        if (intent.status === "succeeded") {
          form.hidden = true;
          $("done").hidden = false;
          $("done-text").textContent = "Your " + (intent.frequency === "monthly" ? "monthly " : "") + "donation of " + fmt(intent.amount, intent.currency) + " to " + c.name + " went through." + (c.mode === "sandbox" ? " (Sandbox: no money moved.)" : "");
          $("done").focus();
          post({ type: "donation.succeeded", intent_id: intent.id, amount: intent.amount, currency: intent.currency });
        } else {
          var reason = intent.failure_code || intent.status;
          say(REASONS[reason] || "The donation did not go through (" + reason + ").", "err");
          post({ type: "donation.failed", reason: reason });
        }
      })
      .catch(function (error) { say(error.message, "err"); post({ type: "donation.failed", reason: error.message }); })
      .then(function () { btn.disabled = false; });
  });
})();`;
