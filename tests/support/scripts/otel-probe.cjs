// Preloaded into an app (NODE_OPTIONS=--require) by the tracing test: on SIGUSR2 it prints one line
// saying whether an OpenTelemetry SDK registered a tracer provider in the process (the API keeps
// it on globalThis under this symbol), and which OpenTelemetry SDK modules were loaded.
const API = Symbol.for("opentelemetry.js.api.1");
process.on("SIGUSR2", () => {
  const sdk = Object.keys(require.cache).filter((file) => /@vercel[/\\]otel|@opentelemetry[/\\]sdk-/.test(file));
  process.stdout.write(`${JSON.stringify({ otelProbe: { tracerProvider: Boolean(globalThis[API]?.trace), sdkModules: sdk.length } })}\n`);
});
process.stdout.write(`${JSON.stringify({ otelProbeReady: process.pid })}\n`);
