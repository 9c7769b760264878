// /explorer.js: the explorer pages' only script, a few small enhancements of pages that work
// without it. There is no React in the browser on these pages (see pages/index.tsx).
//
// Live search (the search form, #search): the page for the form's URL is fetched and its
// [data-swap] containers moved into the ones on screen, so the live region's text changes in
// place and is announced; then the URL follows (the first pause in typing adds a history entry,
// later ones refine it; a filter or a submit adds one). Back and forward fetch the view of the URL and
// refill the form, except the field being typed in. Any failure: a plain navigation.
//
// Copy buttons ([data-copy] in a .snippet): copy the snippet's code and say so in their status.
//
// The widget preview (iframe[data-fit]): sized to its content from the widget's resize messages
// (only from that frame and this origin), and measured once on load, since the widget may have
// sent its first message before this script ran. Without the script it keeps its CSS height.
export const EXPLORER_SCRIPT = `/*! Trust Registry explorer */
(function () {
  document.addEventListener("click", function (event) {
    var button = event.target instanceof Element && event.target.closest("[data-copy]");
    var code = button && button.closest(".snippet") && button.closest(".snippet").querySelector("code");
    if (!code) return;
    var status = button.nextElementSibling;
    var say = function (text) { if (status) status.textContent = text; };
    if (!navigator.clipboard) return say("Copy failed: select the text and copy it by hand");
    navigator.clipboard.writeText(code.textContent).then(
      function () { say("Copied"); },
      function () { say("Copy failed: select the text and copy it by hand"); }
    );
  });

  document.querySelectorAll("iframe[data-fit]").forEach(function (frame) {
    var fit = function (height) {
      if (typeof height === "number" && height > 0 && height < 5000) frame.style.height = Math.ceil(height) + "px";
    };
    var measure = function () {
      var doc = frame.contentDocument;
      if (doc && doc.readyState === "complete") fit(doc.documentElement.getBoundingClientRect().height);
    };
    window.addEventListener("message", function (event) {
      if (event.origin !== location.origin || event.source !== frame.contentWindow) return;
      if (event.data && event.data.type === "resize") fit(event.data.height);
    });
    frame.addEventListener("load", measure);
    measure();
  });

  var form = document.getElementById("search");
  if (!form || !window.fetch || !window.DOMParser || !window.AbortController) return;
  var PAUSE_MS = 250, timer = 0, typing = false, pending = null, pendingHistory = "none";

  function hrefOfForm() {
    var params = new URLSearchParams();
    new FormData(form).forEach(function (value, name) {
      if (typeof value === "string" && value.trim() !== "") params.set(name, value.trim());
    });
    var query = params.toString();
    return query ? "/?" + query : "/";
  }

  function fillForm() {
    var params = new URLSearchParams(location.search);
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el === document.activeElement || el.type === "hidden" || el.type === "submit") return;
      el.value = params.get(el.name) || "";
    });
  }

  // history: "push", "replace" or "none" (back and forward: the URL has changed already). The
  // URL changes when the results for it are on screen, not before, as a navigation would.
  function show(href, history) {
    if (pending) {
      pending.abort();
      // The superseded request would have added a history entry: this one adds it instead.
      if (pendingHistory === "push" && history === "replace") history = "push";
    }
    var current = pending = new AbortController();
    pendingHistory = history;
    fetch(href, { signal: current.signal, headers: { Accept: "text/html" } })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.text();
      })
      .then(function (html) {
        if (current !== pending) return;
        pending = null;
        var next = new DOMParser().parseFromString(html, "text/html");
        document.querySelectorAll("[data-swap]").forEach(function (el) {
          var fresh = next.getElementById(el.id);
          if (fresh) el.replaceChildren.apply(el, Array.prototype.slice.call(fresh.childNodes));
        });
        if (history === "none" || href === location.pathname + location.search) return;
        if (history === "replace") window.history.replaceState(null, "", href);
        else window.history.pushState(null, "", href);
      })
      .catch(function (error) {
        if (error && error.name === "AbortError") return;
        location.assign(href);
      });
  }

  function go(replace) {
    show(hrefOfForm(), replace ? "replace" : "push");
  }

  form.addEventListener("input", function (event) {
    if (event.target.name !== "q") return;
    clearTimeout(timer);
    timer = setTimeout(function () {
      go(typing);
      typing = true;
    }, PAUSE_MS);
  });
  form.addEventListener("change", function (event) {
    if (event.target.name === "q") return;
    clearTimeout(timer);
    typing = false;
    go(false);
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    clearTimeout(timer);
    typing = false;
    go(false);
  });
  form.addEventListener("focusout", function () {
    typing = false;
  });
  window.addEventListener("popstate", function () {
    clearTimeout(timer);
    typing = false;
    fillForm();
    show(location.pathname + location.search, "none");
  });
})();
`;
