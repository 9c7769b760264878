// /docs/api — the OpenAPI reference of the REST surface, rendered from /api/openapi.json in the
// browser by a renderer bundled with the app (no CDN).
import type { Metadata } from "next";
import { OpenApiReferenceLoader } from "@/components/openapi-reference-loader";

export const metadata: Metadata = {
  title: "OpenAPI reference",
  description: "Every REST endpoint of the Trust Registry, its parameters, answers and errors, from the OpenAPI document.",
};

export default function OpenApiReferencePage() {
  return (
    <main>
      <h1 style={{ position: "absolute", left: "-9999px" }}>Trust Registry API reference</h1>
      <noscript>
        <p>The reference needs JavaScript. The OpenAPI document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
      </noscript>
      <OpenApiReferenceLoader />
    </main>
  );
}
