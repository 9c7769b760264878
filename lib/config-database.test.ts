// The database settings of lib/config.ts: a pooled DATABASE_URL with its direct twin, and the
// prepared statements that only a direct connection keeps.
import { describe, expect, it } from "vitest";
import { readConfig } from "./config";

const SECRET = "config-test-secret-0123456789abcdefghijklmnopqrstuvwxyz";
const POOLED = "postgres://app@pooler.example:6432/registry";
const DIRECT = "postgresql://app@db.example:5432/registry";
const read = (env: Record<string, string>) => readConfig({ NODE_ENV: "test", SERVER_SECRET: SECRET, ...env });

describe("DIRECT_DATABASE_URL", () => {
  it("is the direct URL beside a pooled DATABASE_URL", () => {
    expect(read({ DATABASE_URL: POOLED, DIRECT_DATABASE_URL: DIRECT })).toMatchObject({ databaseUrl: POOLED, directDatabaseUrl: DIRECT });
  });

  it("is optional, and empty means unset", () => {
    expect(read({ DATABASE_URL: POOLED }).directDatabaseUrl).toBeUndefined();
    expect(read({ DATABASE_URL: POOLED, DIRECT_DATABASE_URL: "" }).directDatabaseUrl).toBeUndefined();
  });

  it("must be a PostgreSQL URL, named in the error", () => {
    expect(() => read({ DATABASE_URL: POOLED, DIRECT_DATABASE_URL: "mysql://db.example/registry" })).toThrow(
      /DIRECT_DATABASE_URL: must start with postgres:\/\//,
    );
  });

  it("is refused without DATABASE_URL, which the app would otherwise ignore for the embedded database", () => {
    expect(() => read({ DIRECT_DATABASE_URL: DIRECT })).toThrow(/DIRECT_DATABASE_URL: is set but DATABASE_URL is not/);
  });
});

describe("DB_PREPARED_STATEMENTS", () => {
  it("is off unless set to 1: a pooled URL must work as it is", () => {
    expect(read({ DATABASE_URL: POOLED }).dbPreparedStatements).toBe(false);
    expect(read({ DATABASE_URL: DIRECT, DB_PREPARED_STATEMENTS: "1" }).dbPreparedStatements).toBe(true);
    expect(read({ DATABASE_URL: DIRECT, DB_PREPARED_STATEMENTS: "0" }).dbPreparedStatements).toBe(false);
  });

  it("accepts only 0 or 1", () => {
    expect(() => read({ DB_PREPARED_STATEMENTS: "yes" })).toThrow(/DB_PREPARED_STATEMENTS: must be 0 or 1/);
  });
});
