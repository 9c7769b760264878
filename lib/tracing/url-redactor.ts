import type { ReadableSpan, SpanProcessor } from "@opentelemetry/sdk-trace-base";

// Where a span can hold a request's URL: Next.js sets http.target to the raw path and query, which
// can hold a cursor, a client secret, a key in ?key= or a search.
const PATH_ATTRIBUTES = ["http.target", "url.path"];
const URL_ATTRIBUTES = ["http.url", "url.full"];
const DROPPED = ["url.query"];

/**
 * Replaces request URLs in spans by their route pattern (`/api/v1/embed/donation/intent/[id]`)
 * before they are exported, as the access log does: a trace names the route, never the values in
 * the path or the query. Runs ahead of the exporting processor. `routeOf` names the route of a
 * path (lib/http/route-pattern.ts, handed in by the entry point: tracing sits below http).
 */
export class UrlRedactor implements SpanProcessor {
  constructor(private readonly routeOf: (pathname: string) => string) {}

  // Next sets the URL attributes as a span starts; they are rewritten when it ends, before export.
  onStart(): void {}

  onEnd(span: ReadableSpan): void {
    const attributes = span.attributes as Record<string, unknown>;
    for (const key of PATH_ATTRIBUTES) {
      if (typeof attributes[key] === "string") attributes[key] = this.routeOf(pathOf(attributes[key]));
    }
    for (const key of URL_ATTRIBUTES) {
      if (typeof attributes[key] === "string") attributes[key] = redactUrl(attributes[key], this.routeOf);
    }
    for (const key of DROPPED) delete attributes[key];
  }

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

function pathOf(target: string): string {
  try {
    return new URL(target, "http://localhost").pathname;
  } catch {
    return "/";
  }
}

function redactUrl(value: string, routeOf: (pathname: string) => string): string {
  try {
    const url = new URL(value);
    return `${url.origin}${routeOf(url.pathname)}`;
  } catch {
    return "(redacted)";
  }
}
