// A statement run without JIT (the bulk export's batches: their estimate crosses jit_above_cost,
// and compiling them took 600 ms of a 30 ms batch) has JIT off for itself alone: in a read-only
// transaction of its own, which is also all a transaction pooler keeps together, and which a
// failure rolls back so the pool's connection is clean for the next statement.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "@/lib/config";
import { Prisma } from "@/lib/db";
import { openConnection, type Connection } from "@/lib/db/connection";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../support/database";

const available = await postgresAvailable();

describe.runIf(available)("a statement without JIT", () => {
  let database: TestDatabase;
  let connection: Connection;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: false, migrate: false });
    // One connection in the pool: every statement below runs on the same server session.
    connection = await openConnection(readConfig({ NODE_ENV: "test", DATABASE_URL: database.directUrl, SERVER_SECRET: "x".repeat(32), DB_POOL_MAX: "1" }));
  });
  afterAll(async () => {
    await connection?.close();
    await database?.drop();
  });

  const settings = Prisma.sql`SELECT current_setting('jit') AS jit, current_setting('transaction_read_only') AS read_only`;

  it("runs with JIT off, read-only, and leaves the session as it found it", async () => {
    await connection.query(Prisma.sql`SET jit = on`);
    expect(await connection.query(settings, { withoutJit: true })).toEqual([{ jit: "off", read_only: "on" }]);
    expect(await connection.query(settings)).toEqual([{ jit: "on", read_only: "off" }]);
  });

  it("rolls back a statement that fails, and the connection serves the next one", async () => {
    await expect(connection.query(Prisma.sql`SELECT 1 / (SELECT 0) AS x`, { withoutJit: true })).rejects.toThrow(/division by zero/);
    expect(await connection.query(settings)).toEqual([{ jit: "on", read_only: "off" }]);
    // A write is refused: the transaction is read-only.
    await expect(connection.query(Prisma.sql`CREATE TABLE written (id int)`, { withoutJit: true })).rejects.toThrow(/read-only/);
  });

  // COPY takes no parameters, so copyLines writes the values into the statement (inlineSql): the
  // same values must mean the same thing written in as bound, however hostile.
  const HOSTILE = ["it's", "back\\slash", "\\'; DROP TABLE x; --", "$1 ? :name", "naïve — 日本", "E'\\x41'", "", "quote\"d", "{a,b}"];

  it("reads a column's text as bytes, a line a row, read-only and without JIT, with values written in as they would be bound", async () => {
    for (const value of HOSTILE) {
      const statement = Prisma.sql`SELECT ${value}::text AS v, ${[value, "x,y", 'q"', "b\\s"]}::text[] AS a, ${-7}::int AS n, ${new Date("2026-11-28T12:00:00.123Z")}::timestamptz AS t`;
      const [bound] = await connection.query<{ v: string; a: string[]; n: number; t: Date }>(statement);
      const text = Prisma.sql`SELECT concat(${value}::text, '|', array_to_string(${[value, "x,y", 'q"', "b\\s"]}::text[], '|'), '|', ${-7}::int, '|', ${new Date("2026-11-28T12:00:00.123Z")}::timestamptz = '2026-11-28T12:00:00.123Z', '|', current_setting('jit'), current_setting('transaction_read_only'))`;
      const lines = Buffer.concat(await connection.copyLines!(text)).toString("utf8");
      expect(lines).toBe(`${[bound!.v, ...bound!.a, bound!.n, "t"].join("|")}|offon\n`);
    }
    const many = Buffer.concat(await connection.copyLines!(Prisma.sql`SELECT 'line ' || i || ' "json" \\ ok' FROM generate_series(1, 3) i ORDER BY i`)).toString("utf8");
    expect(many).toBe('line 1 "json" \\ ok\nline 2 "json" \\ ok\nline 3 "json" \\ ok\n');
  });

  it("refuses a value COPY would have to quote rather than pass it on altered, and the connection serves the next statement", async () => {
    for (const value of ["two\nlines", "a\u0001b", "a\u0002b", "a\rb", ""]) {
      await expect(connection.copyLines!(Prisma.sql`SELECT ${value}::text`)).rejects.toThrow(/quoted a line/);
    }
    expect(await connection.query(settings)).toEqual([{ jit: "on", read_only: "off" }]);
  });
});
