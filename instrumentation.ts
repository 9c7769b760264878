// Runs once when the server starts. The embedded database is opened (migrated, seeded, demo keys
// written) here, before the first request, because a fresh PGlite blocks the process while it
// initialises.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ config }, { getConnection }, { log }] = await Promise.all([
    import("@/lib/config"),
    import("@/lib/db"),
    import("@/lib/log"),
  ]);
  const { sharedBucketWarning } = await import("@/lib/rate-limit/shared-bucket-warning");
  const warning = sharedBucketWarning(config());
  if (warning) log("warn", warning);
  if (config().databaseUrl) return;
  try {
    await getConnection();
    log("info", "embedded database ready");
  } catch (error) {
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
