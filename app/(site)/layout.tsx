// The explorer's frame: header and footer around every public page (the root layout stays bare
// for the API docs IDE and the embeds).
import type { ReactNode } from "react";
import { SiteFooter } from "@/components/explorer/site-footer";
import { SiteHeader } from "@/components/explorer/site-header";
import "./site.css";

export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip" href="#content">
        Skip to content
      </a>
      <SiteHeader />
      <main id="content" className="wrap" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
