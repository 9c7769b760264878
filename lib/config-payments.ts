// The payment provider's part of the configuration (lib/config.ts reads it): which provider, and
// Stripe's keys, checked at start so that a live key never charges donors from a test deployment
// and a test key never silently takes "donations" in production.
import { z } from "zod";

const unsetIfEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

const keyOf = (prefixes: string, what: string) =>
  unsetIfEmpty(z.string().trim().regex(new RegExp(`^(${prefixes})_(test|live)_[A-Za-z0-9_]+$`), `must be a Stripe ${what} (${prefixes.replaceAll("|", "_… or ")}_…)`));

export const paymentsConfigFields = {
  PAYMENTS_PROVIDER: z.enum(["sandbox", "stripe"], { error: "must be sandbox or stripe" }).default("sandbox"),
  STRIPE_SECRET_KEY: keyOf("sk|rk", "secret or restricted key"),
  STRIPE_PUBLISHABLE_KEY: keyOf("pk", "publishable key"),
  STRIPE_WEBHOOK_SECRET: unsetIfEmpty(z.string().trim().regex(/^whsec_\S+$/, "must be the webhook endpoint's signing secret (whsec_…)")),
  STRIPE_ALLOW_MODE_MISMATCH: z.enum(["0", "1"], { error: "must be 0 or 1" }).default("0"),
  // Test-only: the local fake of Stripe's API that the integration tests start.
  STRIPE_API_BASE: unsetIfEmpty(
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).refine(
      (value) => new URL(value).protocol === "https:" || ["127.0.0.1", "localhost", "[::1]"].includes(new URL(value).hostname),
      "must use https (plain http only for 127.0.0.1, localhost or [::1])",
    ),
  ),
  STRIPE_TIMEOUT_MS: unsetIfEmpty(z.coerce.number().int().min(100).max(60_000)),
};

type PaymentsEnv = z.infer<z.ZodObject<typeof paymentsConfigFields>>;

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** test or live, from the keys' prefix. */
  keyMode: "test" | "live";
  /** Where the SDK sends its requests (STRIPE_API_BASE, test-only): host, port and protocol. */
  api: { host: string; port: number; protocol: "http" | "https" } | undefined;
  /** One request to Stripe, connection to answer (STRIPE_TIMEOUT_MS, default 10 s). */
  timeoutMs: number;
};

export type PaymentsSettings = { provider: "sandbox" | "stripe"; stripe: StripeSettings | undefined };

const STRIPE_KEYS = ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] as const;

/** The checks across variables; `production` is the deployment's (lib/config.ts's isProduction or Vercel production). */
export function checkPaymentsConfig(env: PaymentsEnv, production: boolean, context: z.RefinementCtx): void {
  if (env.PAYMENTS_PROVIDER !== "stripe") return;
  const issue = (name: string, message: string) => context.addIssue({ code: "custom", path: [name], message });
  for (const name of STRIPE_KEYS) if (env[name] === undefined) issue(name, "must be set when PAYMENTS_PROVIDER is stripe");
  const secretMode = keyModeOf(env.STRIPE_SECRET_KEY);
  const publishableMode = keyModeOf(env.STRIPE_PUBLISHABLE_KEY);
  if (secretMode && publishableMode && secretMode !== publishableMode) {
    issue("STRIPE_PUBLISHABLE_KEY", `is a ${publishableMode} key but STRIPE_SECRET_KEY is a ${secretMode} key: use the pair of one mode`);
  }
  if (secretMode === undefined || env.STRIPE_ALLOW_MODE_MISMATCH === "1") return;
  if (secretMode === "live" && !production) {
    issue("STRIPE_SECRET_KEY", "is a live key outside production: real cards would be charged (set STRIPE_ALLOW_MODE_MISMATCH=1 if that is meant)");
  }
  if (secretMode === "test" && production) {
    issue("STRIPE_SECRET_KEY", "is a test key in production: no donation would be charged (set STRIPE_ALLOW_MODE_MISMATCH=1 if that is meant)");
  }
}

export function paymentsSettings(env: PaymentsEnv): PaymentsSettings {
  if (env.PAYMENTS_PROVIDER !== "stripe" || !env.STRIPE_SECRET_KEY || !env.STRIPE_PUBLISHABLE_KEY || !env.STRIPE_WEBHOOK_SECRET) {
    return { provider: env.PAYMENTS_PROVIDER, stripe: undefined };
  }
  const base = env.STRIPE_API_BASE === undefined ? undefined : new URL(env.STRIPE_API_BASE);
  const protocol = base?.protocol === "http:" ? "http" : "https";
  return {
    provider: "stripe",
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      keyMode: keyModeOf(env.STRIPE_SECRET_KEY) ?? "test",
      api: base && { host: base.hostname.replace(/^\[|\]$/g, ""), port: Number(base.port || (protocol === "http" ? 80 : 443)), protocol },
      timeoutMs: env.STRIPE_TIMEOUT_MS ?? 10_000,
    },
  };
}

function keyModeOf(key: string | undefined): "test" | "live" | undefined {
  const mode = key?.split("_")[1];
  return mode === "test" || mode === "live" ? mode : undefined;
}
