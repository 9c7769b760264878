import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";

export const metadata: Metadata = {
  title: { default: "Trust Registry", template: "%s · Trust Registry" },
  description: "A public trust registry of NGOs: who they are, how they are verified, and why they are trusted.",
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
