"use client";
// The OpenAPI reference, rendered by Scalar from /api/openapi.json: bundled from npm, with its
// default web fonts, telemetry and hosted proxy off, so it asks nothing of any other host.
import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";

export function OpenApiReference() {
  return (
    <ApiReferenceReact
      configuration={{
        url: "/api/openapi.json",
        withDefaultFonts: false,
        telemetry: false,
        hideClientButton: true,
        showDeveloperTools: "never",
        metaData: { title: "Trust Registry API reference" },
      }}
    />
  );
}
