"use client";
// Results as you type: the search form works without JavaScript (a plain GET); with it, this
// keeps the URL in step with the form, and the server renders the results. It imports nothing
// of the app's own, so the page's client code stays small.
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";

const TYPING_PAUSE_MS = 250;

export function LiveSearch({ formId }: { formId: string }) {
  const router = useRouter();
  const searchParams = useSearchParams();
  const typing = useRef(false);

  // After back/forward the URL changes under the form: show what the URL says, except in the
  // field being typed in.
  useEffect(() => {
    const form = document.getElementById(formId) as HTMLFormElement | null;
    if (!form) return;
    for (const element of Array.from(form.elements)) {
      if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement) || !element.name) continue;
      if (element === document.activeElement || element.type === "hidden") continue;
      element.value = searchParams.get(element.name) ?? "";
    }
  }, [formId, searchParams]);

  useEffect(() => {
    const form = document.getElementById(formId) as HTMLFormElement | null;
    if (!form) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const go = (replace: boolean) => {
      const params = new URLSearchParams();
      for (const [name, value] of new FormData(form)) {
        if (typeof value === "string" && value.trim() !== "") params.set(name, value.trim());
      }
      const href = params.size ? `/?${params.toString()}` : "/";
      if (replace) router.replace(href, { scroll: false });
      else router.push(href, { scroll: false });
    };
    const onInput = (event: Event) => {
      if ((event.target as HTMLInputElement).name !== "q") return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        // The first pause of a search adds a history entry; later ones refine it in place.
        go(typing.current);
        typing.current = true;
      }, TYPING_PAUSE_MS);
    };
    const onChange = (event: Event) => {
      if ((event.target as HTMLInputElement).name === "q") return;
      clearTimeout(timer);
      typing.current = false;
      go(false);
    };
    const onSubmit = (event: Event) => {
      event.preventDefault();
      clearTimeout(timer);
      typing.current = false;
      go(false);
    };
    const onBlur = () => (typing.current = false);
    form.addEventListener("input", onInput);
    form.addEventListener("change", onChange);
    form.addEventListener("submit", onSubmit);
    form.addEventListener("focusout", onBlur);
    return () => {
      clearTimeout(timer);
      form.removeEventListener("input", onInput);
      form.removeEventListener("change", onChange);
      form.removeEventListener("submit", onSubmit);
      form.removeEventListener("focusout", onBlur);
    };
  }, [formId, router]);

  return null;
}
