// The explorer's frame around every public page of the App Router (the root layout stays bare for
// the API docs IDE and the embeds). The search page `/` has the same frame in pages/index.tsx.
import type { ReactNode } from "react";
import { SiteFrame } from "@/components/explorer/site-frame";
import "@/components/explorer/site.css";

export default function SiteLayout({ children }: { children: ReactNode }) {
  return <SiteFrame>{children}</SiteFrame>;
}
