import { describe, expect, it } from "vitest";
import { configRefusal as refusal, readOnly as read } from "@/tests/support/config-refusal";

const production = { NODE_ENV: "production", DATABASE_URL: "postgres://db/registry", SERVER_SECRET: "s".repeat(32) };
const testKeys = { PAYMENTS_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_PUBLISHABLE_KEY: "pk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc123" };
const liveKeys = { ...testKeys, STRIPE_SECRET_KEY: "sk_live_abc123", STRIPE_PUBLISHABLE_KEY: "pk_live_abc123" };

describe("the Stripe provider's configuration", () => {
  it("takes test keys outside production, and live keys in production", () => {
    expect(read(testKeys).payments).toMatchObject({ provider: "stripe", stripe: { keyMode: "test", api: undefined, timeoutMs: 10_000 } });
    expect(read({ ...production, ...liveKeys }).payments.stripe?.keyMode).toBe("live");
  });

  it("needs all three Stripe variables, naming each one missing", () => {
    expect(refusal({ PAYMENTS_PROVIDER: "stripe" })).toBe(
      "Invalid configuration: STRIPE_SECRET_KEY: must be set when PAYMENTS_PROVIDER is stripe; " +
        "STRIPE_PUBLISHABLE_KEY: must be set when PAYMENTS_PROVIDER is stripe; STRIPE_WEBHOOK_SECRET: must be set when PAYMENTS_PROVIDER is stripe",
    );
  });

  it("refuses a live key outside production and a test key in production, in one line, unless allowed", () => {
    expect(refusal(liveKeys)).toMatch(/^Invalid configuration: STRIPE_SECRET_KEY: is a live key outside production: .*STRIPE_ALLOW_MODE_MISMATCH=1/);
    expect(refusal({ ...production, ...testKeys })).toMatch(/^Invalid configuration: STRIPE_SECRET_KEY: is a test key in production: /);
    expect(refusal(liveKeys)).not.toContain("\n");
    expect(read({ ...liveKeys, STRIPE_ALLOW_MODE_MISMATCH: "1" }).payments.stripe?.keyMode).toBe("live");
    expect(read({ ...production, ...testKeys, STRIPE_ALLOW_MODE_MISMATCH: "1" }).payments.stripe?.keyMode).toBe("test");
  });

  it("counts Vercel production as production", () => {
    const vercel = { VERCEL: "1", VERCEL_ENV: "production", ...production, RATE_LIMIT_STORE: "memory" };
    expect(refusal({ ...vercel, ...testKeys })).toMatch(/is a test key in production/);
  });

  it("refuses keys of two modes, and values that are not Stripe's", () => {
    expect(refusal({ ...testKeys, STRIPE_PUBLISHABLE_KEY: "pk_live_abc123" })).toMatch(/STRIPE_PUBLISHABLE_KEY: is a live key but STRIPE_SECRET_KEY is a test key/);
    expect(refusal({ ...testKeys, STRIPE_SECRET_KEY: "pk_test_abc123" })).toMatch(/STRIPE_SECRET_KEY: must be a Stripe secret or restricted key/);
    expect(refusal({ ...testKeys, STRIPE_WEBHOOK_SECRET: "secret" })).toMatch(/STRIPE_WEBHOOK_SECRET: must be the webhook endpoint's signing secret/);
    expect(refusal({ PAYMENTS_PROVIDER: "paypal" })).toMatch(/PAYMENTS_PROVIDER: must be sandbox or stripe/);
  });

  it("points the SDK at STRIPE_API_BASE (tests), over plain http only on loopback", () => {
    expect(read({ ...testKeys, STRIPE_API_BASE: "http://127.0.0.1:4010", STRIPE_TIMEOUT_MS: "300" }).payments.stripe).toMatchObject({
      api: { host: "127.0.0.1", port: 4010, protocol: "http" },
      timeoutMs: 300,
    });
    expect(refusal({ ...testKeys, STRIPE_API_BASE: "http://stripe.internal" })).toMatch(/STRIPE_API_BASE: must use https/);
  });

  it("leaves the sandbox as the default, with no Stripe settings", () => {
    expect(read({}).payments).toEqual({ provider: "sandbox", stripe: undefined });
    expect(read({ STRIPE_SECRET_KEY: "sk_live_abc123" }).payments.provider).toBe("sandbox");
  });
});
