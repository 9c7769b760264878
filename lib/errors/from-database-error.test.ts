import { describe, expect, it } from "vitest";
import { fromDatabaseError } from "./from-database-error";
import { sqlState } from "./sql-state";

// The shapes Prisma 7's driver adapters and the drivers themselves were seen to throw.
const viaAdapter = (prismaCode: string, originalCode: string) => ({
  name: "PrismaClientKnownRequestError",
  code: prismaCode,
  meta: { driverAdapterError: { name: "DriverAdapterError", cause: { originalCode, kind: "postgres" } } },
});
const fromDriver = (code: string) => Object.assign(new Error("duplicate key value violates unique constraint"), { code });

describe("sqlState", () => {
  it("reads the SQLSTATE from Prisma's meta, and from a driver's own error", () => {
    expect(sqlState(viaAdapter("P2010", "23505"))).toBe("23505");
    expect(sqlState(viaAdapter("P2039", "22021"))).toBe("22021");
    expect(sqlState(fromDriver("23503"))).toBe("23503");
    expect(sqlState(viaAdapter("P2025", "x").code)).toBeUndefined();
    expect(sqlState(new Error("plain"))).toBeUndefined();
    expect(sqlState(Object.assign(new Error("net"), { code: "ECONNREFUSED" }))).toBeUndefined();
    expect(sqlState(null)).toBeUndefined();
  });
});

describe("fromDatabaseError", () => {
  it("makes unique violations a 409 however they surface: Prisma's P2002, a raw query's P2010, the driver", () => {
    for (const error of [viaAdapter("P2002", "23505"), viaAdapter("P2010", "23505"), fromDriver("23505"), { code: "P2002" }]) {
      expect(fromDatabaseError(error)).toMatchObject({ status: 409, code: "conflict" });
    }
  });

  it("makes a vanished row a 404, and a foreign key or a serialisation failure a 409", () => {
    expect(fromDatabaseError({ code: "P2025", meta: { modelName: "WebhookEndpoint" } })).toMatchObject({ status: 404 });
    expect(fromDatabaseError(viaAdapter("P2010", "23503"))).toMatchObject({ status: 409 });
    expect(fromDatabaseError(fromDriver("40P01"))).toMatchObject({ status: 409 });
    expect(fromDatabaseError(fromDriver("40001"))).toMatchObject({ status: 409 });
  });

  it("makes a value the database cannot hold a 400, and leaves everything else alone", () => {
    expect(fromDatabaseError(viaAdapter("P2039", "22021"))).toMatchObject({ status: 400 });
    expect(fromDatabaseError(fromDriver("22008"))).toMatchObject({ status: 400 });
    expect(fromDatabaseError(fromDriver("42P01"))).toBeUndefined();
    expect(fromDatabaseError(new TypeError("x"))).toBeUndefined();
  });

  it("makes a database that is down, refuses connections or does not answer in time a 503 with Retry-After", () => {
    const pgPool = new Error("Connection terminated due to connection timeout", { cause: new Error("Connection terminated unexpectedly") });
    for (const error of [
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" }),
      new AggregateError([Object.assign(new Error("connect ECONNREFUSED ::1:5432"), { code: "ECONNREFUSED" })]),
      new Error("Query read timeout"),
      new Error("timeout exceeded when trying to connect"),
      pgPool,
      fromDriver("57P01"),
      fromDriver("57014"),
      fromDriver("53300"),
      viaAdapter("P2010", "08006"),
      { code: "P1001" },
    ]) {
      const problem = fromDatabaseError(error);
      expect(problem, String(error)).toMatchObject({ status: 503, code: "service_unavailable" });
      expect(problem?.extras.headers).toEqual({ "Retry-After": "5" });
      expect(problem?.detail).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|timeout/);
    }
  });

  it("never repeats the database's words", () => {
    const problem = fromDatabaseError(Object.assign(fromDriver("23505"), { message: 'duplicate key "ngos_slug_key" SELECT' }));
    expect(problem?.detail).not.toMatch(/duplicate|ngos_slug_key|SELECT/);
  });
});
