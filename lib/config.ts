// Configuration, read from the environment and validated once. Nothing else reads process.env.
import path from "node:path";
import { z } from "zod";

const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://");

const configSchema = z.object({
  DATABASE_URL: z.preprocess((v) => (v === "" ? undefined : v), postgresUrl.optional()),
  DATA_DIR: z.string().min(1).default(".data"),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  RELEASE_ID: z.string().optional(),
  VERCEL_GIT_COMMIT_SHA: z.string().optional(),
  PAYMENTS_PROVIDER: z.enum(["sandbox"]).default("sandbox"),
  BENCH_ROUTES: z.enum(["0", "1"]).default("0"),
});

export type Config = {
  /** PostgreSQL connection string; unset means the embedded PGlite database. */
  databaseUrl: string | undefined;
  /** Where the embedded database and demo files live. */
  dataDir: string;
  dbPoolMax: number;
  dbConnectTimeoutMs: number;
  dbQueryTimeoutMs: number;
  nodeEnv: "development" | "production" | "test";
  /** Production means a configured database; the embedded default never is. */
  isProduction: boolean;
  releaseId: string;
  paymentsProvider: "sandbox";
  /** Serve /api/bench/* (npm run bench sets it); off everywhere else. */
  benchRoutes: boolean;
};

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
  return {
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    dbPoolMax: e.DB_POOL_MAX,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dbQueryTimeoutMs: e.DB_QUERY_TIMEOUT_MS,
    nodeEnv: e.NODE_ENV,
    isProduction: e.DATABASE_URL !== undefined && e.NODE_ENV === "production",
    releaseId: e.RELEASE_ID ?? e.VERCEL_GIT_COMMIT_SHA?.slice(0, 12) ?? "local",
    paymentsProvider: e.PAYMENTS_PROVIDER,
    benchRoutes: e.BENCH_ROUTES === "1",
  };
}

let cached: Config | undefined;

export function config(): Config {
  cached ??= readConfig();
  return cached;
}
