import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { SITE_DESCRIPTION, SITE_NAME, siteTitle } from "@/lib/explorer/site-head";

// The Pages Router's pages get the same from components/explorer/page-head.tsx.
export const metadata: Metadata = {
  title: { default: SITE_NAME, template: siteTitle("%s") },
  description: SITE_DESCRIPTION,
};

// Every App Router page renders per request: Next can put the request's CSP nonce (proxy.ts) on
// its inline scripts only then. A page prerendered at build time has none, and would run no script.
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
