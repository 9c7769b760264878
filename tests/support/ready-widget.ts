import type { ReadyWidget } from "@/lib/embed/resolve-widget";

/** A widget page ready to render, in the sandbox, for the page's and its answer's unit tests. */
export const READY_WIDGET: ReadyWidget = {
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
