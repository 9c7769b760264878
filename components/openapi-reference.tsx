"use client";
// The OpenAPI reference, rendered by Scalar from /api/openapi.json: bundled from npm, with its
// default web fonts, telemetry, AI agent and MCP generator off, so it asks nothing of any other host.
import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import { useEffect } from "react";

// Scalar's default greys and method colours fall short of WCAG AA contrast on its own
// backgrounds; these keep its look with darker (lighter, in dark mode) text.
const CONTRAST_CSS = `
.light-mode {
  --scalar-color-2: #4d4d4d;
  --scalar-color-3: #595959;
  --scalar-sidebar-color-2: #4d4d4d;
  --scalar-color-blue: #005a9e;
  --scalar-color-green: #1a6b1a;
  --scalar-color-orange: #9a4a00;
  --scalar-color-red: #b3261e;
  --scalar-color-purple: #6a35b5;
}
.dark-mode {
  --scalar-color-2: #c8c8c8;
  --scalar-color-3: #b0b0b0;
  --scalar-sidebar-color-2: #c8c8c8;
  --scalar-color-blue: #7cc4ff;
}
.sidebar-search-placeholder { color: var(--scalar-color-2); }
`;

/** Names Scalar's icon-only copy buttons, and keeps the visible text of its listbox buttons in
 * their accessible names (WCAG 2.5.3): both are missing in the renderer itself. */
function repairAccessibleNames(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>("button.scalar-code-copy:not([aria-label])")) {
    button.setAttribute("aria-label", "Copy code");
  }
  for (const button of root.querySelectorAll<HTMLButtonElement>("button[aria-haspopup='listbox'][aria-label]")) {
    const label = button.getAttribute("aria-label") ?? "";
    const text = button.textContent?.trim() ?? "";
    if (text && !label.includes(text)) button.setAttribute("aria-label", `${label}: ${text}`);
  }
}

export function OpenApiReference() {
  useEffect(() => {
    repairAccessibleNames(document);
    const observer = new MutationObserver(() => repairAccessibleNames(document));
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return (
    <ApiReferenceReact
      configuration={{
        url: "/api/openapi.json",
        withDefaultFonts: false,
        telemetry: false,
        hideClientButton: true,
        showDeveloperTools: "never",
        customCss: CONTRAST_CSS,
        // Both would send the document to Scalar's hosted services.
        agent: { disabled: true },
        mcp: { disabled: true },
        metaData: { title: "Trust Registry API reference" },
      }}
    />
  );
}
