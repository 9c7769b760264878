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
   * Sends rows in COPY's text format (copyLine), as one text or as bytes in parts, to `COPY …
   * FROM STDIN` and resolves with the rows written once the server has them all. Statements run
   * one at a time in the order asked: a loader may ask for its next COPYs before this one is done
   * (their rows wait here), and prepare more rows meanwhile, so that its work and the server's
   * overlap.
   */
  copy(sql: string, text: string | readonly Buffer[]): Promise<number>;
};

export async function runBulkLoad<T>(url: string, load: (bulk: BulkLoad) => Promise<T>, connectTimeoutMs = 10_000): Promise<T> {
  const [lane] = await openLanes(url, 1, connectTimeoutMs, LOAD_APPLICATION_NAME);
  try {
    return await inTransaction(lane!, () => load(lane!));
  } finally {
    await lane!.end();
  }
}

/** `work` in one transaction on the connection: committed if it succeeds, rolled back if it throws. */
export async function inTransaction<T>(bulk: BulkLoad, work: () => Promise<T>): Promise<T> {
  await bulk.query("BEGIN");
  try {
    const result = await work();
    await bulk.query("COMMIT");
    return result;
  } catch (error) {
    await bulk.query("ROLLBACK").catch(() => {});
    throw error;
  }
}

/**
 * A load spread over several connections of its own, each a lane with no transaction of its own
 * (the load opens and ends them, one lane at a time or all together): several server backends
 * work at once where one transaction has one. What the lanes write becomes visible as each of
 * their transactions commits, so such a load writes to tables no reader sees until it is done
 * (lib/db/swap-tables.ts). Every lane ends with the load; its server sessions end with them.
 */
export async function runLoadLanes<T>(
  url: string,
  { count, name }: { count: number; name: string },
  load: (lanes: BulkLoad[]) => Promise<T>,
  connectTimeoutMs = 10_000,
): Promise<T> {
  const lanes = await openLanes(url, count, connectTimeoutMs, `${LOAD_APPLICATION_NAME} ${name}`);
  try {
    return await load(lanes);
  } finally {
    await Promise.all(lanes.map((lane) => lane.end()));
  }
}

type Lane = BulkLoad & { end(): Promise<void> };

async function openLanes(url: string, count: number, connectTimeoutMs: number, applicationName: string): Promise<Lane[]> {
  const opened = await Promise.allSettled(Array.from({ length: count }, () => openLane(url, connectTimeoutMs, applicationName)));
  const lanes = opened.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
  const failed = opened.find((o) => o.status === "rejected");
  if (failed) {
    await Promise.all(lanes.map((lane) => lane.end()));
    throw failed.reason;
  }
  return lanes;
}

async function openLane(url: string, connectTimeoutMs: number, applicationName: string): Promise<Lane> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs, application_name: applicationName });
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
  return {
    query: <R,>(sql: string, params?: unknown[]) => inTurn(async () => (await client.query(sql, params)).rows as R[]),
    copy: (sql, text) =>
      inTurn(async () => {
        const stream = client.query(copyFrom(sql));
        if (typeof text === "string") {
          if (text) stream.write(text);
        } else for (const part of text) stream.write(part);
        stream.end();
        await finished(stream);
        return stream.rowCount;
      }),
    end: () => client.end().catch(() => {}),
  };
}

/** The application_name of a load's sessions (a load on lanes adds its name), by which pg_stat_activity shows them. */
export const LOAD_APPLICATION_NAME = "trust-registry-load";
