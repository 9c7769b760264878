// A bulk load on PostgreSQL: one transaction on a connection of its own, with COPY … FROM STDIN
// (pg-copy-streams) beside ordinary statements. The connection is not the pool's: a load's
// statements (an index built over two million rows) run far longer than the query timeout that
// guards requests, and the load ends with the connection, so a killed process leaves nothing
// half-written. It is one transaction from BEGIN to COMMIT, which is also all a transaction
// pooler (PgBouncer in transaction mode) keeps on one server connection: COPY works through one.
import { finished } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

export type BulkLoad = {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Sends rows in COPY's text format (copyLine) to `COPY … FROM STDIN` and resolves with the rows
   * written once the server has them all. Statements run one at a time in the order asked: a
   * loader may ask for its next COPYs before this one is done (their rows wait here), and prepare
   * more rows meanwhile, so that its work and the server's overlap.
   */
  copy(sql: string, text: string): Promise<number>;
};

export async function runBulkLoad<T>(url: string, load: (bulk: BulkLoad) => Promise<T>, connectTimeoutMs = 10_000): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs, application_name: "trust-registry-load" });
  // A lost server surfaces as the failure of the statement running; without a listener it would crash the process.
  client.on("error", () => {});
  await client.connect();
  // One statement at a time on the connection, in the order asked: a COPY asked for while another
  // runs waits here with its rows (pg itself would queue it too, but warns that it will stop).
  let previous: Promise<unknown> = Promise.resolve();
  const inTurn = <R,>(run: () => Promise<R>): Promise<R> => {
    const done = previous.then(run, run);
    previous = done.catch(() => {});
    return done;
  };
  try {
    await client.query("BEGIN");
    const result = await load({
      query: <R,>(sql: string, params?: unknown[]) => inTurn(async () => (await client.query(sql, params)).rows as R[]),
      copy: (sql, text) =>
        inTurn(async () => {
          const stream = client.query(copyFrom(sql));
          if (text) stream.write(text);
          stream.end();
          await finished(stream);
          return stream.rowCount;
        }),
    });
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}
