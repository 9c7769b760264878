const FAILED = "Copy failed: select the text and copy it by hand";

/** Copy buttons ([data-copy] in a .snippet): copy the snippet's code and say so in their status, the next element. */
export function enableCopyButtons(): void {
  document.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("[data-copy]") : null;
    const code = button?.closest(".snippet")?.querySelector("code");
    if (!button || !code) return;
    const status = button.nextElementSibling;
    const say = (text: string) => {
      if (status) status.textContent = text;
    };
    if (!navigator.clipboard) return say(FAILED);
    navigator.clipboard.writeText(code.textContent ?? "").then(
      () => say("Copied"),
      () => say(FAILED),
    );
  });
}
