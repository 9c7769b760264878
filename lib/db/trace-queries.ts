// A span for each database query, whoever sends it (Prisma through its driver adapter, the raw
// read path, the migration runner), installed at the driver only when tracing is on: otherwise
// the drivers run untouched. Spans carry the operation (SELECT, INSERT, …), never the SQL text
// or its values.
import type { PGlite, Transaction } from "@electric-sql/pglite";
import type pg from "pg";
import { inSpan } from "@/lib/tracing/in-span";

type Query = (...args: unknown[]) => unknown;

/** Traces every query of every client the pool hands out (pool.query uses them too). */
export function tracePgPool(pool: pg.Pool): void {
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = (...args: unknown[]) => {
      const callback = args.at(-1);
      // Submittables (cursors, streams) report through their own events: passed through.
      if (typeof (args[0] as { submit?: unknown } | null)?.submit === "function") return query(...args);
      const sql = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string } | null)?.text;
      if (typeof callback !== "function") return inSpan(spanName(sql), attributes(sql, "pg"), () => query(...args) as Promise<unknown>);
      // pool.query passes a callback: the span ends when it is called.
      void inSpan(spanName(sql), attributes(sql, "pg"), () =>
        new Promise<void>((resolve, reject) => {
          query(...args.slice(0, -1), (error: unknown, result: unknown) => {
            (callback as (e: unknown, r: unknown) => void)(error, result);
            if (error) reject(error instanceof Error ? error : new Error("query failed"));
            else resolve();
          });
        }),
      ).catch(() => {});
      return undefined;
    };
  });
}

/** Traces the embedded database's queries, inside transactions too. */
export function tracePglite(db: PGlite): void {
  wrap(db);
  const transaction = db.transaction.bind(db);
  db.transaction = <T>(fn: (tx: Transaction) => Promise<T>) => transaction((tx) => fn(wrap(tx)));
}

function wrap<Q extends Pick<PGlite, "query" | "exec">>(target: Q): Q {
  const query = target.query.bind(target);
  const exec = target.exec.bind(target);
  target.query = ((sql: string, ...rest: unknown[]) =>
    inSpan(spanName(sql), attributes(sql, "pglite"), () => (query as Query)(sql, ...rest) as Promise<unknown>)) as Q["query"];
  target.exec = ((sql: string, ...rest: unknown[]) =>
    inSpan(spanName(sql), attributes(sql, "pglite"), () => (exec as Query)(sql, ...rest) as Promise<unknown>)) as Q["exec"];
  return target;
}

/** The statement's first keyword, as OpenTelemetry's database conventions name the operation. */
function operation(sql: string | undefined): string {
  const word = /^\s*(?:--[^\n]*\n\s*)*([A-Za-z]+)/.exec(sql ?? "")?.[1];
  return word ? word.toUpperCase() : "QUERY";
}

function spanName(sql: string | undefined): string {
  return `db ${operation(sql)}`;
}

function attributes(sql: string | undefined, client: "pg" | "pglite") {
  return { "db.system.name": "postgresql", "db.operation.name": operation(sql), "db.client.library": client };
}
