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
});
