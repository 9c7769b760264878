import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { invalidInput } from "@/lib/errors/invalid-input";
import { createApiKeyInputSchema, DEFAULT_RATE_LIMITS, type CreateApiKeyInput } from "./schemas";

function fieldErrors(input: unknown): Record<string, string> {
  const parsed = createApiKeyInputSchema.safeParse(input);
  if (parsed.success) return {};
  const error = invalidInput(parsed.error);
  expect(error).toBeInstanceOf(ApiError);
  expect(error.status).toBe(400);
  return Object.fromEntries((error.extras.errors ?? []).map((e) => [e.name, e.reason]));
}

const embed: CreateApiKeyInput = {
  name: "Donate widget",
  kind: "publishable",
  origins: ["https://Water.Example.org/", "https://*.water.example.org"],
  ngo: "demo-water-trust",
};

describe("createApiKeyInputSchema", () => {
  it("fills an embed key's tier, scope and limit and normalises its origins", () => {
    expect(createApiKeyInputSchema.parse(embed)).toEqual({
      name: "Donate widget",
      kind: "publishable",
      tier: "public",
      scopes: ["embed:write"],
      origins: ["https://water.example.org", "https://*.water.example.org"],
      ngo: "demo-water-trust",
      rate_limit_per_minute: DEFAULT_RATE_LIMITS.public,
      expires_at: null,
    });
  });

  it("gives secret keys the partner tier by default and each tier its default scopes", () => {
    expect(createApiKeyInputSchema.parse({ name: "Journalist", kind: "secret" })).toMatchObject({
      tier: "partner",
      scopes: ["registry:read"],
      origins: [],
      ngo: null,
      rate_limit_per_minute: DEFAULT_RATE_LIMITS.partner,
    });
    expect(createApiKeyInputSchema.parse({ name: "Ops", kind: "secret", tier: "operator" })).toMatchObject({
      scopes: ["registry:read", "registry:write", "admin"],
      rate_limit_per_minute: DEFAULT_RATE_LIMITS.operator,
    });
  });

  it("deduplicates origins and scopes and reads expires_at with its offset", () => {
    const parsed = createApiKeyInputSchema.parse({
      name: "Portal",
      kind: "secret",
      scopes: ["registry:read", "registry:read"],
      origins: ["https://portal.example", "https://PORTAL.example:443"],
      expires_at: "2030-01-01T12:00:00+02:00",
    });
    expect(parsed.scopes).toEqual(["registry:read"]);
    expect(parsed.origins).toEqual(["https://portal.example"]);
    expect(parsed.expires_at?.toISOString()).toBe("2030-01-01T10:00:00.000Z");
  });

  it("holds publishable keys to embed use: public tier, embed:write, origins and an NGO", () => {
    expect(fieldErrors({ name: "Widget", kind: "publishable" })).toEqual({
      origins: "a publishable (embed) key needs at least one allowed origin",
      ngo: "a publishable (embed) key must be bound to an NGO",
    });
    expect(fieldErrors({ ...embed, tier: "partner", scopes: ["registry:read"] })).toMatchObject({
      tier: "a publishable (embed) key always has the public tier",
      scopes: "a publishable (embed) key can only have embed:write",
    });
    expect(fieldErrors({ ...embed, origins: [] })).toHaveProperty("origins");
  });

  it("keeps public tier for embed keys and write and admin scopes for operators", () => {
    expect(fieldErrors({ name: "X", kind: "secret", tier: "public" })).toHaveProperty("tier");
    expect(fieldErrors({ name: "X", kind: "secret", scopes: ["registry:read", "admin", "registry:write"] })).toEqual({
      scopes: "admin and registry:write need the operator tier",
    });
    expect(fieldErrors({ name: "X", kind: "secret", tier: "operator", scopes: ["admin"] })).toEqual({});
    expect(fieldErrors({ name: "X", kind: "secret", scopes: ["embed:write"], ngo: "demo-water-trust" })).toEqual({});
  });

  it("names each bad field, unknown fields and bad origins by position included", () => {
    expect(
      fieldErrors({
        name: " ",
        kind: "private",
        scopes: ["everything"],
        origins: ["https://ok.example", "https://example.org/path", "null"],
        ngo: "Not A Slug",
        rate_limit_per_minute: 1.5,
        expires_at: "tomorrow",
        colour: "red",
      }),
    ).toEqual({
      name: "must not be empty",
      kind: "must be one of publishable, secret",
      "scopes.0": "must be one of registry:read, embed:write, registry:write, admin",
      "origins.1": "must not have a path, query or fragment: only scheme://host[:port]",
      "origins.2": "the null origin (sandboxed frames, local files) names no site and cannot be allowed",
      ngo: "must be a slug: lower-case letters, digits and single hyphens",
      rate_limit_per_minute: "must be an integer from 1 to 100000",
      expires_at: "must be an RFC 3339 date-time with a time zone",
      colour: "unknown field",
    });
    expect(fieldErrors({ name: "X", kind: "secret", rate_limit_per_minute: 0 })).toHaveProperty("rate_limit_per_minute");
    expect(fieldErrors({ name: "X", kind: "secret", expires_at: "2030-01-01T00:00:00" })).toHaveProperty("expires_at");
    expect(fieldErrors(null)).toHaveProperty("body");
  });
});
