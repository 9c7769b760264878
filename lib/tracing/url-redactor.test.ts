import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { describe, expect, it } from "vitest";
import { routePattern } from "@/lib/http/route-pattern";
import { UrlRedactor } from "./url-redactor";

describe("UrlRedactor", () => {
  it("leaves a span the route pattern of its URL, never the path's values or the query", () => {
    const attributes: Record<string, unknown> = {
      "http.target": "/api/v1/embed/donation/intent/di_secret?client_secret=cs_secret",
      "url.path": "/ngos/some-slug",
      "http.url": "https://registry.example/api/registry/ngos?cursor=abc&q=secret",
      "url.query": "cursor=abc",
      "http.method": "GET",
    };
    new UrlRedactor(routePattern).onEnd({ attributes } as unknown as ReadableSpan);
    expect(attributes).toEqual({
      "http.target": "/api/v1/embed/donation/intent/[id]",
      "url.path": "/ngos/[slug]",
      "http.url": "https://registry.example/api/registry/ngos",
      "http.method": "GET",
    });
  });
});
