// Manual spans through @opentelemetry/api, which does nothing until an SDK registers a tracer
// provider (register-tracing.ts, only when an OTLP endpoint is configured).
import { SpanKind, SpanStatusCode, trace, type Attributes, type Span } from "@opentelemetry/api";

const tracer = () => trace.getTracer("trust-registry");

/**
 * Runs `fn` inside a client span named `name`, ended when `fn` settles; a thrown error marks the
 * span failed by its name only (messages can hold SQL or addresses). `fn` may add attributes.
 */
export function inSpan<T>(name: string, attributes: Attributes, fn: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : "error" });
      throw error;
    } finally {
      span.end();
    }
  });
}
