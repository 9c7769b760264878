// Runs once when the server starts. The configuration and the server secret are checked here, so
// a bad setting stops the server with one clear line instead of failing requests later. The
// embedded database is opened (migrated, seeded, demo keys written) here too, before the first
// request, because a fresh PGlite blocks the process while it initialises.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { ignoreClosedLogStreams } = await import("@/lib/ignore-closed-log-streams");
  ignoreClosedLogStreams();
  // First, before any request: methods a route does not define are a 405, never Next's 500.
  const { installMethodGuard } = await import("@/lib/http/install-method-guard");
  installMethodGuard();
  const [{ config }, { getConnection }, { log }, { serverSecret }] = await Promise.all([
    import("@/lib/config"),
    import("@/lib/db"),
    import("@/lib/log"),
    import("@/lib/secrets/server-secret"),
  ]);
  try {
    config();
    serverSecret();
  } catch (error) {
    refuseToStart(error);
  }
  // Before anything opens the database: its driver is traced from the first query.
  if (config().tracing) {
    const [{ registerTracing }, { routePattern }] = await Promise.all([import("@/lib/tracing/register-tracing"), import("@/lib/http/route-pattern")]);
    registerTracing(routePattern);
  }
  // Around the method guard: every answer, its 405s too, gets an id, HSTS and an access-log line.
  const { installRequestObserver } = await import("@/lib/http/install-request-observer");
  installRequestObserver();
  const { sharedBucketWarning } = await import("@/lib/rate-limit/shared-bucket-warning");
  const warning = sharedBucketWarning(config());
  if (warning) log("warn", warning);
  // Before anything dispatches or opens the database: the donation sweep joins every dispatch,
  // and a fresh embedded database gets the sample registry.
  const { composeProcess } = await import("@/lib/compose-process");
  composeProcess();
  // Webhooks due for a retry are picked up by a poller inside the server where configured (by
  // default only in the embedded mode, where no other process can open the database).
  const { startDispatchPoller } = await import("@/lib/webhooks/kick-dispatcher");
  startDispatchPoller();
  // On SIGTERM, the deliveries in flight are finished or handed back before Next's exit.
  const { installGracefulShutdown } = await import("@/lib/shutdown/install-graceful-shutdown");
  installGracefulShutdown();
  if (config().databaseUrl) return;
  try {
    await getConnection();
    log("info", "embedded database ready");
  } catch (error) {
    const { DatabaseBusyError } = await import("@/lib/db/connection");
    // Another server holds the embedded database: serving beside it could only fail.
    if (error instanceof DatabaseBusyError) refuseToStart(error);
    // Requests will retry the open and answer 503/500; health reports the reason.
    log("error", "embedded database failed to open", { error: error instanceof Error ? error.name : "unknown" });
    return;
  }
  // Here rather than in getConnection: only a Next server (dev or start) makes demo keys, not the
  // CLI or in-process tests that open the same embedded database, and Next runs register() only
  // when it serves, never during `next build`.
  try {
    const { ensureDemoKeys } = await import("@/lib/keys/ensure-demo-keys");
    await ensureDemoKeys(config().dataDir);
  } catch (error) {
    log("warn", "demo API keys not written", { error: error instanceof Error ? error.name : "unknown" });
  }
}

/** Ends the process with the reason on one line: configuration and lock messages name no secret. */
function refuseToStart(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`trust-registry: not starting: ${message.replace(/\s+/g, " ")}`);
  process.exit(1);
}
