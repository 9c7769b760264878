"use client";
// Scalar renders in the browser only (it is a Vue app inside React); this page is its only user,
// so no other page loads its code.
import dynamic from "next/dynamic";

const Reference = dynamic(() => import("./openapi-reference").then((m) => m.OpenApiReference), {
  ssr: false,
  loading: () => <p style={{ padding: "1rem", fontFamily: "system-ui, sans-serif" }}>Loading the API reference…</p>,
});

export function OpenApiReferenceLoader() {
  return <Reference />;
}
