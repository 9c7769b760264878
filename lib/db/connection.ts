// Opens the database the configuration names: PostgreSQL through @prisma/adapter-pg, or the
// embedded PGlite under the data directory. Both hand out the same Prisma client type and a raw
// script runner, which the migration runner needs for multi-statement SQL.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import type { Config } from "@/lib/config";
import { runBulkLoad, runLoadLanes, type BulkLoad } from "./bulk-load";
import { takeEmbeddedLock } from "./embedded-lock";
import { inlineSql } from "./inline-sql";
import { Prisma, PrismaClient } from "./generated/client";
import { tracePglite, tracePgPool } from "./trace-queries";

export type DatabaseKind = "postgresql" | "pglite";

/** One database connection outside Prisma, for what Prisma cannot do: multi-statement scripts
 * and transactions spanning them (the migration runner). Through a transaction pooler only an
 * open transaction stays on one server connection: nothing may rely on more. */
export type Session = {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs one or more statements as they are written: no statement splitting. */
  script(sql: string): Promise<void>;
};

export type QueryOptions = { withoutJit?: boolean };

export type Connection = {
  kind: DatabaseKind;
  prisma: PrismaClient;
  /**
   * Runs one composed statement (Prisma.sql: values are always parameters) straight on the
   * driver, without Prisma's client-engine pass; the registry's read path uses this. An unnamed
   * statement, which works through any pooler, unless DB_PREPARED_STATEMENTS=1 names it (see
   * Config.dbPreparedStatements). Dates come back as Date, integers as number; cast DATE columns
   * to text in SQL.
   *
   * `withoutJit`: PostgreSQL compiles a plan whose estimated cost crosses jit_above_cost, which
   * for a statement of a few milliseconds takes hundreds; such a statement (the bulk export's
   * batch, whose estimate grows with the batch) runs in a read-only transaction with JIT off for
   * it alone. PGlite has no JIT.
   */
  query<T>(statement: Prisma.Sql, options?: QueryOptions): Promise<T[]>;
  /**
   * PostgreSQL only: the text of a statement's one column in every row, as the server sends it,
   * each row followed by a newline: UTF-8 bytes that are never made into strings here (see
   * copyLines below). Read-only, with JIT off, like `query` with `withoutJit`. PGlite has none:
   * callers read rows with `query` instead.
   */
  copyLines?(statement: Prisma.Sql): Promise<Buffer[]>;
  session<T>(fn: (session: Session) => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only: runs a bulk load (COPY beside ordinary statements) as one transaction on a
   * connection of its own, without the pool's query timeout (see lib/db/bulk-load.ts). PGlite has
   * none: its loads go through batched statements.
   */
  bulkLoad?<T>(load: (bulk: BulkLoad) => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only: a load over `count` connections of its own at once, each without a
   * transaction until the load opens one, named `name` in pg_stat_activity (see runLoadLanes).
   */
  loadLanes?<T>(lanes: { count: number; name: string }, load: (lanes: BulkLoad[]) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export { DatabaseBusyError } from "./embedded-lock";

/**
 * Opens the configured database. `direct` is for migrations and seeding: the direct URL
 * (DIRECT_DATABASE_URL) when one is configured, the same database without its pooler, where a
 * long transaction or DDL is no business of the pooler's limits, nor of the requests' query
 * timeout (building an index on 2,000,000 entries takes longer than any request may).
 */
export async function openConnection(config: Config, options: { direct?: boolean } = {}): Promise<Connection> {
  const url = options.direct ? (config.directDatabaseUrl ?? config.databaseUrl) : config.databaseUrl;
  return url ? openPostgres(config, url, options.direct ? undefined : config.dbQueryTimeoutMs) : openPglite(config);
}

function openPostgres(config: Config, url: string, queryTimeoutMs: number | undefined): Connection {
  // Nothing here depends on the session, so a transaction pooler may hand each transaction another
  // server connection: no startup `options` or statement_timeout (which PgBouncer refuses unless
  // told to ignore them; query_timeout is enforced by the client), no SET, no session locks.
  const pool = new pg.Pool({
    connectionString: url,
    max: config.dbPoolMax,
    connectionTimeoutMillis: config.dbConnectTimeoutMs,
    idleTimeoutMillis: 30_000,
    // A server that stops answering (not refusing) must not hang requests for minutes.
    query_timeout: queryTimeoutMs,
    keepAlive: true,
    application_name: "trust-registry",
  });
  // An idle client that loses its server emits here; without a listener it would crash the process.
  pool.on("error", () => {});
  if (config.tracing) tracePgPool(pool);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    kind: "postgresql",
    prisma,
    async query<T>(statement: Prisma.Sql, options?: QueryOptions) {
      const { text, values } = statement;
      const name = config.dbPreparedStatements ? statementName(text) : undefined;
      if (!options?.withoutJit) return (await pool.query({ name, text, values })).rows as T[];
      return inReadOnlyTransaction(pool, async (client) => (await client.query({ name, text, values })).rows as T[]);
    },
    copyLines: (statement) => inReadOnlyTransaction(pool, (client) => copyLines(client, statement)),
    async session(fn) {
      const client = await pool.connect();
      try {
        return await fn({
          query: async (sql, params) => (await client.query(sql, params)).rows,
          script: async (sql) => void (await client.query(sql)),
        });
      } finally {
        client.release();
      }
    },
    bulkLoad: (load) => runBulkLoad(url, load, config.dbConnectTimeoutMs),
    loadLanes: (lanes, load) => runLoadLanes(url, lanes, load, config.dbConnectTimeoutMs),
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => {});
    },
  };
}

/**
 * One read-only transaction with JIT off (see Connection.query's withoutJit): one transaction is
 * all a transaction pooler keeps on one server connection.
 */
async function inReadOnlyTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query("BEGIN READ ONLY; SET LOCAL jit = off");
    const result = await fn(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => (broken = true));
    throw error;
  } finally {
    // A connection that could not even roll back is not handed out again.
    client.release(broken);
  }
}

/** The quote and delimiter copyLines asks COPY for: control characters that JSON never leaves raw. */
const COPY_QUOTE = 0x01;

/**
 * COPY … TO STDOUT in CSV with a quote and a delimiter that no line holds (U+0001, U+0002): COPY
 * then writes each value as it is, unquoted and unescaped, followed by a newline, so the server's
 * bytes are the lines themselves. (Its text format would double every backslash of a JSON escape.)
 * A value holding either character, a carriage return or a newline would come back quoted: it is
 * refused instead of passed on altered. A value is never NULL here (it would read as an empty line).
 */
async function copyLines(client: pg.PoolClient, statement: Prisma.Sql): Promise<Buffer[]> {
  const stream = client.query(copyTo(`COPY (${inlineSql(statement)}) TO STDOUT WITH (FORMAT csv, DELIMITER E'\\x02', QUOTE E'\\x01')`));
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (chunk.includes(COPY_QUOTE)) throw new Error("COPY quoted a line: it held a control character or a newline");
    chunks.push(chunk);
  }
  return chunks;
}

async function openPglite(config: Config): Promise<Connection> {
  const [{ PGlite }, { PrismaPGlite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("pglite-prisma-adapter"),
  ]);
  const dir = path.join(config.dataDir, "pglite");
  fs.mkdirSync(dir, { recursive: true });
  const releaseLock = takeEmbeddedLock(path.join(config.dataDir, "pglite.lock"));
  try {
    const db = await PGlite.create(dir);
    if (config.tracing) tracePglite(db);
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(db) });
    return {
      kind: "pglite",
      prisma,
      query: async <T,>(statement: Prisma.Sql) =>
        (await db.query<T>(statement.text, statement.values.map(arrayAsLiteral))).rows,
      session: (fn) =>
        fn({
          query: async <T,>(sql: string, params?: unknown[]) => (await db.query<T>(sql, params)).rows,
          script: async (sql) => void (await db.exec(sql)),
        }),
      async close() {
        await prisma.$disconnect();
        await db.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * PGlite writes an array parameter as an array literal only for the built-in array types; for
 * others (an enum's array, say) it would send "a,b". So arrays go as literals, as pg sends them.
 */
function arrayAsLiteral(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const items = value.map((item) =>
    item === null ? "NULL" : `"${String(item).replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`,
  );
  return `{${items.join(",")}}`;
}

/** A prepared statement's name: the same text always gets the same name on every connection. */
function statementName(text: string): string {
  return `tr_${createHash("sha1").update(text).digest("base64url").slice(0, 20)}`;
}
