import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { configRefusal as refusal, readOnly as read } from "@/tests/support/config-refusal";


const SECRET = "s".repeat(32);
const vercelProduction = { VERCEL: "1", VERCEL_ENV: "production", NODE_ENV: "production" } as const;
const complete = { ...vercelProduction, DATABASE_URL: "postgres://pooler/registry", SERVER_SECRET: SECRET, KV_REST_API_URL: "https://kv.example", KV_REST_API_TOKEN: "t" };


describe("Vercel preview", () => {
  it("without a database: the embedded database in the temporary directory, preview data", () => {
    const settings = read({ VERCEL: "1", VERCEL_ENV: "preview", NODE_ENV: "production" });
    expect(settings).toMatchObject({ previewData: true, vercelEnv: "preview", databaseUrl: undefined, dbPoolMax: 3 });
    expect(settings.dataDir).toBe(path.join(os.tmpdir(), "trust-registry"));
  });

  it("with a database of its own, or an explicit DATA_DIR, runs on that", () => {
    const withDatabase = read({ VERCEL: "1", VERCEL_ENV: "preview", DATABASE_URL: "postgres://db/x", SERVER_SECRET: SECRET });
    expect(withDatabase.previewData).toBe(false);
    expect(read({ VERCEL: "1", VERCEL_ENV: "preview", DATA_DIR: "/var/tmp/tr" }).dataDir).toBe("/var/tmp/tr");
  });

  it("is not preview off Vercel: the embedded default keeps .data and 10 connections", () => {
    const settings = read({ VERCEL_ENV: "preview" });
    expect(settings).toMatchObject({ previewData: false, vercelEnv: undefined, dbPoolMax: 10 });
    expect(settings.dataDir).toBe(path.resolve(".data"));
  });
});

describe("Vercel production", () => {
  it("starts with a database, a secret and Upstash (either pair) or the memory opt-out", () => {
    expect(read(complete)).toMatchObject({ vercelEnv: "production", previewData: false, upstash: { url: "https://kv.example" } });
    expect(read({ ...complete, KV_REST_API_URL: "", KV_REST_API_TOKEN: "", RATE_LIMIT_STORE: "memory" }).upstash).toBeUndefined();
  });

  it.each([
    ["DATABASE_URL", { DATABASE_URL: "" }, /^Invalid configuration: DATABASE_URL: must be set on Vercel production/],
    ["SERVER_SECRET", { SERVER_SECRET: "" }, /^Invalid configuration: SERVER_SECRET: must be set when DATABASE_URL is/],
    ["the Upstash variables", { KV_REST_API_URL: "", KV_REST_API_TOKEN: "" }, /^Invalid configuration: UPSTASH_REDIS_REST_URL: must be set on Vercel production .*RATE_LIMIT_STORE=memory/],
    ["half an Upstash pair", { KV_REST_API_TOKEN: "" }, /KV_REST_API_TOKEN: must be set together with KV_REST_API_URL/],
    ["a malformed DATABASE_URL", { DATABASE_URL: "mysql://db/x" }, /DATABASE_URL: must start with postgres:\/\//],
    ["a short SERVER_SECRET", { SERVER_SECRET: "short" }, /SERVER_SECRET: must be at least 32 characters/],
    ["a plain-http Upstash URL", { KV_REST_API_URL: "http://kv.example" }, /KV_REST_API_URL: must use https/],
  ])("refuses without %s, naming it", (_what, change, message) => {
    expect(refusal({ ...complete, ...change })).toMatch(message);
  });

  it("names every missing variable at once", () => {
    expect(refusal(vercelProduction)).toMatch(/DATABASE_URL: .*; SERVER_SECRET: .*; UPSTASH_REDIS_REST_URL: /);
  });

  it("counts NODE_ENV=production on Vercel as production when VERCEL_ENV is unset", () => {
    expect(refusal({ VERCEL: "1", NODE_ENV: "production" })).toMatch(/DATABASE_URL: must be set on Vercel production/);
  });
});

describe("RATE_LIMIT_STORE", () => {
  it("upstash without Upstash variables is refused; memory wins over them", () => {
    expect(refusal({ RATE_LIMIT_STORE: "upstash" })).toMatch(/RATE_LIMIT_STORE: is upstash, but neither/);
    expect(read({ RATE_LIMIT_STORE: "memory", UPSTASH_REDIS_REST_URL: "https://u.example", UPSTASH_REDIS_REST_TOKEN: "t" }).upstash).toBeUndefined();
  });
});

describe("pool size", () => {
  it("is 3 on Vercel and 10 elsewhere unless DB_POOL_MAX says otherwise", () => {
    expect(read({ VERCEL: "1", VERCEL_ENV: "preview" }).dbPoolMax).toBe(3);
    expect(read({}).dbPoolMax).toBe(10);
    expect(read({ VERCEL: "1", VERCEL_ENV: "preview", DB_POOL_MAX: "8" }).dbPoolMax).toBe(8);
  });
});
