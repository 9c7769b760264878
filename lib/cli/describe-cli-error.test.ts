import { describe, expect, it } from "vitest";
import { ConfigError } from "@/lib/config";
import { DatabaseBusyError } from "@/lib/db/connection";
import { ApiError } from "@/lib/errors/api-error";
import { CREATE_KEY_FLAGS } from "./keys-command";
import { describeCliError } from "./describe-cli-error";
import { nameFlagsInError } from "./name-flags-in-error";
import { UsageError } from "./usage-error";

describe("describeCliError", () => {
  it("points a usage error at the right --help, exit 2", () => {
    expect(describeCliError(new UsageError("unknown option --colour", "keys create"))).toEqual({
      exitCode: 2,
      type: "usage",
      message: "Unknown option --colour. Run `npm run cli -- keys create --help` for usage.",
    });
    expect(describeCliError(new UsageError("missing command", "")).message).toBe(
      "Missing command. Run `npm run cli -- --help` for usage.",
    );
  });

  it("gives domain errors exit 1 with every field named after its flag", () => {
    const domain = ApiError.invalid([
      { name: "rate_limit_per_minute", reason: "must be an integer from 1 to 100000" },
      { name: "origins.1", reason: "must not have a path" },
    ]);
    expect(describeCliError(nameFlagsInError(domain, CREATE_KEY_FLAGS))).toEqual({
      exitCode: 1,
      type: "invalid_request",
      message: "Invalid --rate-limit: must be an integer from 1 to 100000; --origin #2: must not have a path.",
      fields: [
        { name: "--rate-limit", reason: "must be an integer from 1 to 100000" },
        { name: "--origin #2", reason: "must not have a path" },
      ],
    });
    expect(describeCliError(new ApiError("not_found", "No API key has the id 'key_x'."))).toEqual({
      exitCode: 1,
      type: "not_found",
      message: "No API key has the id 'key_x'.",
    });
  });

  it("tells the operator what to do when a server holds the embedded database, exit 3", () => {
    const failure = describeCliError(new DatabaseBusyError("The embedded database in /d is in use by process 7."));
    expect(failure.exitCode).toBe(3);
    expect(failure.type).toBe("database_busy");
    expect(failure.message).toContain("Nothing was changed");
    expect(failure.message).toContain("/api/v1/keys with an operator key");
  });

  it("recognises an unreachable database however the driver wraps it, without its message", () => {
    const refused = Object.assign(new AggregateError([Object.assign(new Error("connect ECONNREFUSED 10.0.0.1:5432"), { code: "ECONNREFUSED" })], ""), {});
    expect(describeCliError(refused)).toMatchObject({ exitCode: 3, type: "database_unavailable" });
    const wrapped = new Error("Invalid `prisma.apiKey.findMany()` invocation: postgres://u:secret@h/db", {
      cause: { kind: "DatabaseNotReachable" },
    });
    const failure = describeCliError(wrapped);
    expect(failure).toMatchObject({ exitCode: 3, type: "database_unavailable" });
    expect(failure.message).not.toContain("secret");
    expect(describeCliError(Object.assign(new Error("x"), { code: "3D000" })).message).toBe(
      "The database named in DATABASE_URL does not exist.",
    );
    expect(describeCliError(Object.assign(new Error("denied"), { code: "P1010" }))).toMatchObject({
      exitCode: 3,
      message: "PostgreSQL refused the credentials in DATABASE_URL.",
    });
  });

  it("says how to migrate when a table is missing, and keeps unexpected messages to itself", () => {
    expect(describeCliError(Object.assign(new Error("relation"), { code: "P2021" }))).toMatchObject({
      exitCode: 1,
      type: "not_migrated",
    });
    const unexpected = describeCliError(new TypeError('syntax error at or near "SELECT * FROM api_keys"'));
    expect(unexpected).toEqual({ exitCode: 1, type: "internal", message: "Unexpected TypeError: the command did not complete." });
  });

  it("names a unique violation from a raw statement a conflict, without the database's words", () => {
    const raced = { name: "PrismaClientKnownRequestError", code: "P2010", message: 'duplicate key "ngos_slug_key"', meta: { driverAdapterError: { cause: { originalCode: "23505" } } } };
    const failure = describeCliError(raced);
    expect(failure).toMatchObject({ exitCode: 1, type: "conflict" });
    expect(failure.message).not.toMatch(/duplicate|ngos_slug_key/);
  });

  it("treats a configuration error as exit 2", () => {
    expect(describeCliError(new ConfigError("Invalid configuration: DATABASE_URL: must start with postgres://"))).toMatchObject({
      exitCode: 2,
      type: "configuration",
    });
  });
});
