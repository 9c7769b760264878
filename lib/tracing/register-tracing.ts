// Loaded only when an OTLP endpoint is configured (config().tracing): without one, no SDK is
// imported and @opentelemetry/api's calls do nothing.
import { registerOTel } from "@vercel/otel";
import { APP_VERSION } from "@/lib/version";
import { UrlRedactor } from "./url-redactor";

/**
 * Registers the OpenTelemetry SDK through @vercel/otel, which reads the standard OTEL_EXPORTER_OTLP_*
 * variables (endpoint, headers, protocol: http/protobuf by default, or http/json) and, on Vercel,
 * uses a configured tracing integration. Next then makes a span for every route it serves; the
 * app adds one per database query and per webhook send.
 *
 * @vercel/otel's own instrumentation of outgoing fetch and http requests stays off: it names each
 * span after the full URL, and a webhook URL's path often holds the receiver's token. The
 * webhook send span names only the host. A request's URL is exported as its route, as `routeOf`
 * names it (lib/http/route-pattern.ts).
 */
export function registerTracing(routeOf: (pathname: string) => string): void {
  registerOTel({
    serviceName: "trust-registry",
    attributes: { "service.version": APP_VERSION },
    instrumentations: [],
    spanProcessors: [new UrlRedactor(routeOf), "auto"],
  });
}
