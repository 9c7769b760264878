// npm run worker — delivers webhooks until SIGTERM (lib/webhooks/run-worker.ts). Run one or many
// beside the app on PostgreSQL; they share the claim, so none delivers an event twice at once.
import { composeProcess } from "@/lib/compose-process";
import { config } from "@/lib/config";
import { ignoreClosedLogStreams } from "@/lib/ignore-closed-log-streams";
import { runWorker } from "@/lib/webhooks/run-worker";

ignoreClosedLogStreams();
try {
  // As in the server (instrumentation.ts): webhook sends and queries are traced when an OTLP
  // endpoint is configured, and no SDK is loaded otherwise.
  if (config().tracing) {
    const [{ registerTracing }, { routePattern }] = await Promise.all([import("@/lib/tracing/register-tracing"), import("@/lib/http/route-pattern")]);
    registerTracing(routePattern);
  }
  composeProcess();
  await runWorker();
  process.exit(0);
} catch (error) {
  const { DatabaseBusyError } = await import("@/lib/db/connection");
  const message = error instanceof DatabaseBusyError || (error instanceof Error && error.name === "ConfigError") ? error.message : "the worker failed";
  console.error(`trust-registry worker: ${message}`);
  process.exit(error instanceof DatabaseBusyError ? 3 : 1);
}
