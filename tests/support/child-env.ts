// The environment of processes the tests start (the app, migrations, seeding).

// The app's own settings come from the test, never from the developer's shell: a DATABASE_URL or
// Upstash token exported there must not leak into a test app.
const APP_SETTINGS = [
  "DATABASE_URL",
  "DIRECT_DATABASE_URL",
  "DATA_DIR",
  "DB_POOL_MAX",
  "DB_CONNECT_TIMEOUT_MS",
  "DB_QUERY_TIMEOUT_MS",
  "RELEASE_ID",
  "VERCEL_GIT_COMMIT_SHA",
  "PAYMENTS_PROVIDER",
  "PAYMENTS_SANDBOX_SETTLE_MS",
  "DONATION_INTENT_TTL_SECONDS",
  "DONATION_RECONCILE_AFTER_SECONDS",
  "EMBED_SESSION_TTL_SECONDS",
  "KV_REST_API_URL",
  "KV_REST_API_TOKEN",
  "UPSTASH_REDIS_REST_URL",
  "UPSTASH_REDIS_REST_TOKEN",
  "RATE_LIMIT_ANONYMOUS_PER_MINUTE",
  "RATE_LIMIT_FAILED_AUTH_PER_MINUTE",
  "RATE_LIMIT_PREFIX",
  "RATE_LIMIT_TIMEOUT_MS",
  "TRUSTED_PROXY_HOPS",
  "VERCEL",
  "VERCEL_ENV",
  "RATE_LIMIT_STORE",
  "SHUTDOWN_GRACE_MS",
  "DB_QUERY_TIMEOUT_MS",
  "BENCH_ROUTES",
  "SERVER_SECRET",
  "CRON_SECRET",
  "WEBHOOKS_ALLOW_PRIVATE_TARGETS",
  "WEBHOOKS_RETRY_SCHEDULE",
  "WEBHOOKS_TIMEOUT_MS",
  "WEBHOOKS_DISABLE_AFTER_HOURS",
  "WEBHOOKS_POLL_MS",
  "WEBHOOKS_BATCH_SIZE",
  "WEBHOOKS_ENDPOINT_CONCURRENCY",
];

/** The server secret of test processes on PostgreSQL (where configuration must supply one). */
export const TEST_SERVER_SECRET = "test-server-secret-0123456789abcdefghijklmnopqrstuvwxyz";

/**
 * Vitest runs with NODE_ENV=test; children get what users get: `next start` and `next build` run
 * in production, the db scripts as an operator's shell runs them (development).
 */
export function childEnv(
  nodeEnv: "development" | "production",
  overrides: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(
    ([key]) => !key.startsWith("VITEST") && !APP_SETTINGS.includes(key),
  );
  const secret = overrides.DATABASE_URL ? { SERVER_SECRET: TEST_SERVER_SECRET } : {};
  return { ...Object.fromEntries(inherited), NEXT_TELEMETRY_DISABLED: "1", ...secret, ...overrides, NODE_ENV: nodeEnv };
}
