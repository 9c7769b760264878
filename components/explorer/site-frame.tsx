// The explorer's frame: a skip link, the header, the page's content, the footer and the
// explorer's one script. The Pages Router's pages (pages/) and the App Router's 404
// (app/not-found.tsx) wrap it.
import type { ReactNode } from "react";
import { EXPLORER_SCRIPT } from "@/lib/generated-browser/explorer";
import { scriptVersion } from "@/lib/http/script-response";
import { SiteFooter } from "./site-footer";
import { PreviewBanner } from "./preview-banner";
import { SiteHeader } from "./site-header";

const EXPLORER_SCRIPT_SRC = `/explorer.js?v=${scriptVersion(EXPLORER_SCRIPT)}`;

export function SiteFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip" href="#content">
        Skip to content
      </a>
      <PreviewBanner />
      <SiteHeader />
      <main id="content" className="wrap" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <script src={EXPLORER_SCRIPT_SRC} defer />
    </>
  );
}
