// Configuration, read from the environment and validated once. Nothing else reads process.env.
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { checkPaymentsConfig, paymentsConfigFields, paymentsSettings, type PaymentsSettings } from "./config-payments";

/** Where the shared rate-limit counters live in Redis, unless RATE_LIMIT_PREFIX says otherwise. */
export const DEFAULT_UPSTASH_PREFIX = "trust-registry:rate-limit";

const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://");

// Empty means unset: hosting dashboards often save a cleared variable as "".
const unsetIfEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

// Upstash REST endpoints are https. Plain http is accepted only for a loopback address (a local
// test shim): anywhere else it would send the token in the clear.
const restUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).refine(
  (value) => new URL(value).protocol === "https:" || ["127.0.0.1", "localhost", "[::1]"].includes(new URL(value).hostname),
  "must use https (plain http only for 127.0.0.1, localhost or [::1])",
);

// Each pair is both-or-neither: half a pair is a typo, not a choice to run without Upstash.
const UPSTASH_PAIRS = [
  ["UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN"],
  ["KV_REST_API_URL", "KV_REST_API_TOKEN"],
] as const;

const configObject = z.object({
  DATABASE_URL: z.preprocess((v) => (v === "" ? undefined : v), postgresUrl.optional()),
  DIRECT_DATABASE_URL: z.preprocess((v) => (v === "" ? undefined : v), postgresUrl.optional()),
  DATA_DIR: unsetIfEmpty(z.string().min(1)),
  DB_POOL_MAX: unsetIfEmpty(z.coerce.number().int().min(1).max(100)),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  DB_PREPARED_STATEMENTS: unsetIfEmpty(z.enum(["0", "1"], { error: "must be 0 or 1" })),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  RELEASE_ID: z.string().optional(),
  VERCEL_GIT_COMMIT_SHA: z.string().optional(),
  ...paymentsConfigFields,
  PAYMENTS_SANDBOX_SETTLE_MS: unsetIfEmpty(z.coerce.number().int().min(0).max(3_600_000)),
  DONATION_INTENT_TTL_SECONDS: unsetIfEmpty(z.coerce.number().int().min(1).max(7 * 24 * 3600)),
  DONATION_RECONCILE_AFTER_SECONDS: unsetIfEmpty(z.coerce.number().int().min(1).max(7 * 24 * 3600)),
  EMBED_SESSION_TTL_SECONDS: unsetIfEmpty(z.coerce.number().int().min(1).max(1800)),
  BENCH_ROUTES: z.enum(["0", "1"]).default("0"),
  UPSTASH_REDIS_REST_URL: unsetIfEmpty(restUrl),
  UPSTASH_REDIS_REST_TOKEN: unsetIfEmpty(z.string().trim().min(1)),
  KV_REST_API_URL: unsetIfEmpty(restUrl),
  KV_REST_API_TOKEN: unsetIfEmpty(z.string().trim().min(1)),
  TRUSTED_PROXY_HOPS: unsetIfEmpty(z.coerce.number().int().min(0).max(10)),
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: unsetIfEmpty(z.coerce.number().int().min(1).max(1_000_000)),
  RATE_LIMIT_FAILED_AUTH_PER_MINUTE: unsetIfEmpty(z.coerce.number().int().min(1).max(1_000_000)),
  EXPORT_BATCH_SIZE: unsetIfEmpty(z.coerce.number().int().min(10).max(10_000)),
  SITEMAP_FILE_SIZE: unsetIfEmpty(z.coerce.number().int().min(2).max(50_000)),
  RATE_LIMIT_TIMEOUT_MS: unsetIfEmpty(z.coerce.number().int().min(10).max(10_000)),
  RATE_LIMIT_PREFIX: unsetIfEmpty(z.string().regex(/^[\w:.-]{1,100}$/, "must be 1-100 letters, digits, or _ : . -")),
  SERVER_SECRET: unsetIfEmpty(z.string().trim().min(32, "must be at least 32 characters (e.g. `openssl rand -base64 32`)")),
  VERCEL: z.string().optional(),
  VERCEL_ENV: unsetIfEmpty(z.enum(["production", "preview", "development"])),
  RATE_LIMIT_STORE: unsetIfEmpty(z.enum(["upstash", "memory"])),
  SHUTDOWN_GRACE_MS: unsetIfEmpty(z.coerce.number().int().min(0).max(600_000)),
  OTEL_EXPORTER_OTLP_ENDPOINT: unsetIfEmpty(z.url()),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: unsetIfEmpty(z.url()),
  CRON_SECRET: unsetIfEmpty(z.string().trim().min(16, "must be at least 16 characters")),
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: z.enum(["0", "1"]).default("0"),
  WEBHOOKS_RETRY_SCHEDULE: unsetIfEmpty(
    z
      .string()
      .regex(/^\s*\d+(\.\d+)?\s*(,\s*\d+(\.\d+)?\s*)*$/, "must be seconds separated by commas, e.g. 5,300,1800")
      .transform((v) => v.split(",").map((s) => Math.round(Number(s) * 1000))),
  ),
  WEBHOOKS_TIMEOUT_MS: unsetIfEmpty(z.coerce.number().int().min(100).max(60_000)),
  WEBHOOKS_DISABLE_AFTER_HOURS: unsetIfEmpty(z.coerce.number().min(0.001).max(24 * 60)),
  WEBHOOKS_POLL_MS: unsetIfEmpty(z.coerce.number().int().min(0).max(3_600_000)),
  WEBHOOKS_BATCH_SIZE: unsetIfEmpty(z.coerce.number().int().min(1).max(1000)),
  WEBHOOKS_ENDPOINT_CONCURRENCY: unsetIfEmpty(z.coerce.number().int().min(1).max(1000)),
  EVENTS_RETENTION_DAYS: unsetIfEmpty(z.coerce.number().int().min(1).max(3650)),
});

/** Every variable the configuration reads (the .env.example test keeps that file in step). */
export const CONFIG_VARIABLES = Object.keys(configObject.shape);

const configSchema = configObject.superRefine((env, context) => {
  // Every instance must sign with the same secret, so a database of its own is no place to make
  // one up: an operator sets it once, for all of them.
  if (env.DATABASE_URL !== undefined && env.SERVER_SECRET === undefined) {
    context.addIssue({
      code: "custom",
      path: ["SERVER_SECRET"],
      message: "must be set when DATABASE_URL is: at least 32 random characters, the same on every instance (e.g. `openssl rand -base64 32`)",
    });
  }
  // The direct URL is the same database as DATABASE_URL without the pooler in between: alone it
  // would migrate a PostgreSQL the app never uses.
  if (env.DIRECT_DATABASE_URL !== undefined && env.DATABASE_URL === undefined) {
    context.addIssue({
      code: "custom",
      path: ["DIRECT_DATABASE_URL"],
      message: "is set but DATABASE_URL is not: set both (DATABASE_URL pooled, DIRECT_DATABASE_URL direct) or neither",
    });
  }
  for (const [url, token] of UPSTASH_PAIRS) {
    if ((env[url] === undefined) !== (env[token] === undefined)) {
      const missing = env[url] === undefined ? url : token;
      context.addIssue({ code: "custom", path: [missing], message: `must be set together with ${missing === url ? token : url}` });
    }
  }
  const upstash = UPSTASH_PAIRS.some(([url, token]) => env[url] !== undefined && env[token] !== undefined);
  if (env.RATE_LIMIT_STORE === "upstash" && !upstash) {
    context.addIssue({ code: "custom", path: ["RATE_LIMIT_STORE"], message: "is upstash, but neither UPSTASH_REDIS_REST_URL/_TOKEN nor KV_REST_API_URL/_TOKEN is set" });
  }
  if (vercelEnvOf(env) === "production") requireForVercelProduction(env, upstash, context);
  const production = (env.DATABASE_URL !== undefined && env.NODE_ENV === "production") || vercelEnvOf(env) === "production";
  checkPaymentsConfig(env, production, context);
});

/**
 * Vercel production serves real donors from many function instances at once: a database they
 * share, one secret for all of them, and one rate-limit store (or the operator's explicit choice
 * of a per-instance count) — never the embedded fallbacks, which would quietly give each instance
 * a throwaway database, secret and quota of its own.
 */
function requireForVercelProduction(env: z.infer<typeof configObject>, upstash: boolean, context: z.RefinementCtx): void {
  const missing = (name: string, message: string) => context.addIssue({ code: "custom", path: [name], message });
  // With a DATABASE_URL, the general rule above already asks for SERVER_SECRET.
  if (env.DATABASE_URL === undefined) missing("DATABASE_URL", "must be set on Vercel production (the pooled URL of your PostgreSQL)");
  if (env.DATABASE_URL === undefined && env.SERVER_SECRET === undefined) {
    missing("SERVER_SECRET", "must be set on Vercel production: at least 32 random characters (e.g. `openssl rand -base64 32`)");
  }
  if (!upstash && env.RATE_LIMIT_STORE !== "memory") {
    missing(
      "UPSTASH_REDIS_REST_URL",
      "must be set on Vercel production with UPSTASH_REDIS_REST_TOKEN (or KV_REST_API_URL and KV_REST_API_TOKEN), or set RATE_LIMIT_STORE=memory to count per instance",
    );
  }
}

/**
 * Which Vercel environment this is, if any. Vercel sets VERCEL=1 and VERCEL_ENV on every
 * deployment; without VERCEL_ENV, NODE_ENV=production is taken for production (the strict case).
 */
function vercelEnvOf(env: { VERCEL?: string; VERCEL_ENV?: string; NODE_ENV?: string }): "production" | "preview" | "development" | undefined {
  if (env.VERCEL !== "1") return undefined;
  if (env.VERCEL_ENV === "production" || env.VERCEL_ENV === "preview" || env.VERCEL_ENV === "development") return env.VERCEL_ENV;
  return env.NODE_ENV === "production" ? "production" : "development";
}

export type Config = {
  /** PostgreSQL connection string; unset means the embedded PGlite database. It may go through a
   * transaction pooler (PgBouncer, Supavisor, Neon's pooled URL): the app keeps no session state. */
  databaseUrl: string | undefined;
  /**
   * The same database without a pooler (DIRECT_DATABASE_URL, the name Prisma and Neon use), for
   * migrations and seeding; unset means DATABASE_URL. See migrationDatabaseUrl.
   */
  directDatabaseUrl: string | undefined;
  /** Where the embedded database and demo files live. */
  dataDir: string;
  /** The Vercel environment (VERCEL_ENV) when running on Vercel (VERCEL=1), else undefined. */
  vercelEnv: "production" | "preview" | "development" | undefined;
  /**
   * A Vercel deployment other than production with no DATABASE_URL (a pull request's preview):
   * the embedded database in a temporary directory, seeded with the sample registry and demo
   * keys, and gone when the function instance is. Health and every page say so.
   */
  previewData: boolean;
  /** Connections per process (DB_POOL_MAX): 10 by default, 3 on Vercel (see SERVERLESS_POOL_MAX). */
  dbPoolMax: number;
  dbConnectTimeoutMs: number;
  dbQueryTimeoutMs: number;
  /**
   * Run the raw read path as named prepared statements (DB_PREPARED_STATEMENTS=1): each saves
   * PostgreSQL its parse and plan, but only a direct connection keeps them. A transaction pooler
   * hands the next transaction another server connection, where the statement does not exist.
   */
  dbPreparedStatements: boolean;
  nodeEnv: "development" | "production" | "test";
  /** Production means a configured database; the embedded default never is. */
  isProduction: boolean;
  releaseId: string;
  paymentsProvider: "sandbox" | "stripe";
  /** The provider and, for Stripe, its keys (lib/config-payments.ts). */
  payments: PaymentsSettings;
  donations: DonationSettings;
  /** Serve /api/bench/* (npm run bench sets it); off everywhere else. */
  benchRoutes: boolean;
  /**
   * The Upstash Redis REST endpoint of the shared rate-limit store; unset means the in-memory
   * store of this one process (also with RATE_LIMIT_STORE=memory, the explicit opt-out).
   * UPSTASH_REDIS_REST_* win over KV_REST_API_* (as in @upstash/redis).
   * The prefix (RATE_LIMIT_PREFIX) keeps deployments that share one Redis apart; a request waits
   * at most timeoutMs (RATE_LIMIT_TIMEOUT_MS, default 300) for the store before it passes uncounted.
   */
  upstash: { url: string; token: string; prefix: string; timeoutMs: number } | undefined;
  /** The free tier: requests per minute of a client without a key (60 unless configured). */
  anonymousRateLimitPerMinute: number;
  /** Failed authentications per minute per client before they are answered 429 (20 unless configured). */
  failedAuthPerMinute: number;
  /** Entries per bulk-export batch: one query, one checkpoint and one request against the key's quota (1,000 unless configured). */
  exportBatchSize: number;
  /** Public entries per sitemap file when the files are cut (40,000 unless configured; the protocol allows 50,000). */
  sitemapFileSize: number;
  /**
   * How many proxies in front of the app append the address they saw to X-Forwarded-For, and so
   * how far from the right of that header the client address may be read (0: not at all).
   */
  trustedProxyHops: number;
  /**
   * The server secret that seals cursors and signs embed sessions (SERVER_SECRET). Unset only in
   * the embedded mode, which keeps a generated one under the data directory.
   */
  serverSecret: string | undefined;
  /** The bearer token Vercel Cron sends to /api/cron/webhooks (CRON_SECRET); unset: the route refuses. */
  cronSecret: string | undefined;
  webhooks: WebhookSettings;
  /** On SIGTERM, how long webhook sends in flight may finish before they are cut off and their
   * claims handed back for another dispatcher (SHUTDOWN_GRACE_MS, default 5 s). */
  shutdownGraceMs: number;
  /** Send Strict-Transport-Security on every answer: in production, and on Vercel's production. */
  hsts: boolean;
  /** Export OpenTelemetry traces (an OTLP endpoint is configured); otherwise no SDK is loaded. */
  tracing: boolean;
};

export type DonationSettings = {
  /** How long the sandbox's delayed test card stays processing (PAYMENTS_SANDBOX_SETTLE_MS, default 5 s). */
  sandboxSettleMs: number;
  /** An intent not confirmed within this is canceled as expired (DONATION_INTENT_TTL_SECONDS, default 1 h). */
  intentTtlMs: number;
  /** A live intent still open this long after its creation is checked at the provider, in case its
   * webhook was missed (DONATION_RECONCILE_AFTER_SECONDS, default 15 min). */
  reconcileAfterMs: number;
  /** The widget's embed session lives this long (EMBED_SESSION_TTL_SECONDS, at most and by default 30 min). */
  embedSessionTtlMs: number;
};

export type WebhookSettings = {
  /** Deliver to private, loopback and link-local addresses too (WEBHOOKS_ALLOW_PRIVATE_TARGETS=1: tests, local setups). */
  allowPrivateTargets: boolean;
  /** Delays before each retry, in ms (WEBHOOKS_RETRY_SCHEDULE in seconds); its length is the number of retries. */
  retryScheduleMs: number[];
  /** How long one attempt may take, connection to last byte read (WEBHOOKS_TIMEOUT_MS, default 10 s). */
  timeoutMs: number;
  /** An endpoint that has failed continuously for this long is disabled (WEBHOOKS_DISABLE_AFTER_HOURS, default 5 days). */
  disableAfterMs: number;
  /** How often a process that dispatches looks for due deliveries, 0 for never (WEBHOOKS_POLL_MS; default
   * 1 s in the embedded mode, where the server is the only dispatcher, else 0: the worker and cron do it). */
  pollMs: number;
  /** Deliveries one process has in flight at once, over all endpoints (WEBHOOKS_BATCH_SIZE, default 50). */
  batchSize: number;
  /** Of those, at most this many to one endpoint (WEBHOOKS_ENDPOINT_CONCURRENCY, default 8): a slow
   * or dead endpoint holds only its own share of the slots. */
  endpointConcurrency: number;
  /** Events older than this are pruned with their deliveries and attempts (EVENTS_RETENTION_DAYS,
   * default 30), except one still being retried (lib/webhooks/prune-events.ts). */
  retentionDays: number;
};

/**
 * The Standard Webhooks recommended schedule: after the first attempt, retries 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h and 10 h later, about 28 hours in all.
 */
export const DEFAULT_RETRY_SCHEDULE_MS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000].map((s) => s * 1000);

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new ConfigError(`Invalid configuration: ${issues}`);
  }
  const e = parsed.data;
  const vercelEnv = vercelEnvOf(e);
  const previewData = vercelEnv !== undefined && vercelEnv !== "production" && e.DATABASE_URL === undefined;
  return {
    databaseUrl: e.DATABASE_URL,
    directDatabaseUrl: e.DIRECT_DATABASE_URL,
    // Vercel's deployment directory is read-only; the system's temporary directory is writable.
    dataDir: path.resolve(e.DATA_DIR ?? (previewData ? path.join(os.tmpdir(), "trust-registry") : ".data")),
    vercelEnv,
    previewData,
    dbPoolMax: e.DB_POOL_MAX ?? (e.VERCEL === "1" ? SERVERLESS_POOL_MAX : 10),
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dbQueryTimeoutMs: e.DB_QUERY_TIMEOUT_MS,
    dbPreparedStatements: e.DB_PREPARED_STATEMENTS === "1",
    nodeEnv: e.NODE_ENV,
    isProduction: e.DATABASE_URL !== undefined && e.NODE_ENV === "production",
    releaseId: e.RELEASE_ID ?? e.VERCEL_GIT_COMMIT_SHA?.slice(0, 12) ?? "local",
    paymentsProvider: e.PAYMENTS_PROVIDER,
    payments: paymentsSettings(e),
    donations: {
      sandboxSettleMs: e.PAYMENTS_SANDBOX_SETTLE_MS ?? 5_000,
      intentTtlMs: (e.DONATION_INTENT_TTL_SECONDS ?? 3600) * 1000,
      reconcileAfterMs: (e.DONATION_RECONCILE_AFTER_SECONDS ?? 900) * 1000,
      embedSessionTtlMs: (e.EMBED_SESSION_TTL_SECONDS ?? 1800) * 1000,
    },
    benchRoutes: e.BENCH_ROUTES === "1",
    upstash: upstashSettings(e),
    anonymousRateLimitPerMinute: e.RATE_LIMIT_ANONYMOUS_PER_MINUTE ?? 60,
    failedAuthPerMinute: e.RATE_LIMIT_FAILED_AUTH_PER_MINUTE ?? 20,
    exportBatchSize: e.EXPORT_BATCH_SIZE ?? 1_000,
    sitemapFileSize: e.SITEMAP_FILE_SIZE ?? 40_000,
    trustedProxyHops: e.TRUSTED_PROXY_HOPS ?? defaultProxyHops(e.VERCEL),
    serverSecret: e.SERVER_SECRET,
    cronSecret: e.CRON_SECRET,
    webhooks: {
      allowPrivateTargets: e.WEBHOOKS_ALLOW_PRIVATE_TARGETS === "1",
      retryScheduleMs: e.WEBHOOKS_RETRY_SCHEDULE ?? DEFAULT_RETRY_SCHEDULE_MS,
      timeoutMs: e.WEBHOOKS_TIMEOUT_MS ?? 10_000,
      disableAfterMs: (e.WEBHOOKS_DISABLE_AFTER_HOURS ?? 120) * 3_600_000,
      pollMs: e.WEBHOOKS_POLL_MS ?? (e.DATABASE_URL === undefined ? 1_000 : 0),
      batchSize: e.WEBHOOKS_BATCH_SIZE ?? 50,
      endpointConcurrency: e.WEBHOOKS_ENDPOINT_CONCURRENCY ?? 8,
      retentionDays: e.EVENTS_RETENTION_DAYS ?? 30,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS ?? 5_000,
    hsts: (e.DATABASE_URL !== undefined && e.NODE_ENV === "production") || vercelEnv === "production",
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined || e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT !== undefined,
  };
}

/**
 * The default pool size on Vercel. Every function instance holds a pool of its own and Vercel
 * runs as many instances as traffic asks for, so what the database (or its pooler) sees is
 * instances × pool size: 10 per instance would turn 50 instances into 500 connections, past the
 * client limit of many managed plans. One would be too few the other way: an instance on Fluid
 * compute serves several requests at once, and a page makes a few queries side by side. Three
 * lets an instance overlap those and keeps the total a small multiple of the instance count.
 */
const SERVERLESS_POOL_MAX = 3;

function upstashSettings(e: z.infer<typeof configSchema>): Config["upstash"] {
  if (e.RATE_LIMIT_STORE === "memory") return undefined;
  const shared = { prefix: e.RATE_LIMIT_PREFIX ?? DEFAULT_UPSTASH_PREFIX, timeoutMs: e.RATE_LIMIT_TIMEOUT_MS ?? 300 };
  if (e.UPSTASH_REDIS_REST_URL && e.UPSTASH_REDIS_REST_TOKEN) {
    return { url: e.UPSTASH_REDIS_REST_URL, token: e.UPSTASH_REDIS_REST_TOKEN, ...shared };
  }
  if (e.KV_REST_API_URL && e.KV_REST_API_TOKEN) return { url: e.KV_REST_API_URL, token: e.KV_REST_API_TOKEN, ...shared };
  return undefined;
}

/**
 * The default trusts exactly the forwarding that is known to be there:
 * - On Vercel (which sets VERCEL=1) the edge network replaces any X-Forwarded-For a client sends
 *   with the one address it saw: one trusted hop, the last entry is the client.
 * - Under a plain `next start`, Next.js fills X-Forwarded-For from the socket only when the
 *   request has none, and passes a client's own header through unchanged. Any entry may be forged,
 *   so none is trusted (0): anonymous callers share one bucket, and a made-up header buys nothing.
 *   Behind your own reverse proxy (nginx, Caddy, a load balancer) set TRUSTED_PROXY_HOPS to the
 *   number of proxies that append to the header.
 */
function defaultProxyHops(vercel: string | undefined): number {
  return vercel === "1" ? 1 : 0;
}

let cached: Config | undefined;

export function config(): Config {
  cached ??= readConfig();
  return cached;
}
