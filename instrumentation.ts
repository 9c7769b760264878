// Runs once when the server starts. The embedded database is opened (migrated, seeded) here,
// before the first request, because a fresh PGlite blocks the process while it initialises.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ config }, { getConnection }, { log }] = await Promise.all([
    import("@/lib/config"),
    import("@/lib/db"),
    import("@/lib/log"),
  ]);
  if (config().databaseUrl) return;
  try {
    await getConnection();
    log("info", "embedded database ready");
  } catch (error) {
    // Requests will retry the open and answer 503/500; health reports the reason.
    log("error", "embedded database failed to open", { error: error instanceof Error ? error.name : "unknown" });
  }
}
