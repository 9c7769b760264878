// The explorer's frame around the App Router's public pages (the docs; the root layout stays bare
// for the IDEs and the embeds). The explorer's pages in pages/ wrap the same SiteFrame.
import type { ReactNode } from "react";
import { SiteFrame } from "@/components/explorer/site-frame";
import "@/components/explorer/site.css";

export default function SiteLayout({ children }: { children: ReactNode }) {
  return <SiteFrame>{children}</SiteFrame>;
}
