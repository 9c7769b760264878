import type { Metadata } from "next";
import type { ReactNode } from "react";

export const metadata: Metadata = {
  title: { default: "Trust Registry", template: "%s · Trust Registry" },
  description: "A public trust registry of NGOs: who they are, how they are verified, and why they are trusted.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
