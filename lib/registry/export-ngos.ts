import { config } from "@/lib/config";
import { Prisma, queryRows } from "@/lib/db";
import { asProblem, problemBody } from "@/lib/http/problem-response";
import { log } from "@/lib/log";
import { queryFingerprint } from "./cursor";
import { decodeExportCursor, encodeExportCursor } from "./export-cursor";
import { exportEncoder, utf8Bytes } from "./export-encoder";
import { readExportEnd, readExportLines, type ExportBatch } from "./read-export-batch";
import { registryWhere } from "./registry-where";
import type { ExportQuery } from "./schemas";
import type { Tier } from "@/lib/tiers";

export type NgoExport = { body: ReadableStream<Uint8Array>; contentType: string; extension: string };

/**
 * Batches read ahead of the one being written out, at once: each batch's end is found first (a
 * short read of the primary key), so the database writes the next batches' lines beside each
 * other, on connections of their own, while the client's socket takes the one before. At
 * 2,000,000 entries, in one process: 27,400 rows/s with three, 21,900 with two, no more with four.
 *
 * An export then holds one connection more than it reads ahead (the next batch's end is read
 * meanwhile), and leaves at least one of the process's pool to its other requests: with the
 * serverless pool of three it reads one batch ahead.
 */
export function exportReadAhead(poolMax: number): number {
  return Math.max(1, Math.min(3, poolMax - 2));
}

/** The batch after the last one: nothing read, nothing metered. */
const NOTHING: ExportBatch = { lines: [], ndjson: null, count: 0, last: null, more: false };

/**
 * The registry as the tier may see it, filtered as asked, streamed batch by batch in id order
 * (ids sort by creation, see read-export-batch.ts): the database is read at most exportReadAhead
 * batches ahead of what the client has taken (a pull stream), so memory stays constant however
 * large the registry. Each entry is the list API's JSON for it, written by PostgreSQL
 * (export-lines.ts).
 *
 * The snapshot is the set of entries created by the moment the export began (its mark, carried in
 * every checkpoint): entries created meanwhile are never in it, each entry is in it at most once,
 * and every entry that stays visible throughout exactly once; each batch shows its entries as
 * they are when it is read. No transaction is held open while the client reads.
 *
 * `meter` is called before every batch but the first (which the request itself paid for), as it is
 * read; it throws the 429 problem when the caller's quota is spent, and the export stops at the
 * checkpoint of the last batch read before. Problems found before the first byte (a bad cursor,
 * a hidden state, a database that does not answer) are thrown here, as an ordinary problem+json
 * answer.
 */
export async function exportNgos(query: ExportQuery, tier: Tier, meter: () => Promise<void>, instance: string): Promise<NgoExport> {
  const filters = { sector: query.sector, state: query.state, country: query.country, min_trust_score: query.min_trust_score };
  // A state the tier may not see is refused here, before the answer begins.
  registryWhere(filters, tier);
  const fingerprint = queryFingerprint(["export", tier, query.sector, query.state, query.country, query.min_trust_score]);
  const resumed = query.cursor === undefined ? null : decodeExportCursor(query.cursor, fingerprint);
  const mark = resumed?.mark ?? (await exportMark());
  const format = query.format ?? "ndjson";
  const encoder = exportEncoder(format, tier);
  // CSV is written from each entry's JSON line (export-encoder.ts); NDJSON is the lines themselves.
  const readAs = format === "ndjson" ? "ndjson" : "lines";
  const encode = new TextEncoder();
  const size = config().exportBatchSize;
  const readAheadCount = exportReadAhead(config().dbPoolMax);

  let position: string | null = resumed?.id ?? null;
  let count = resumed?.count ?? 0;
  // The first batch is read before the answer begins, so that its problems are an ordinary
  // problem+json answer; every later one is metered before its end is looked for.
  const firstEnd = await readExportEnd(filters, tier, mark, position, size);
  const queue: Promise<ExportBatch>[] = [Promise.resolve(await readExportLines(filters, tier, mark, position, firstEnd, readAs))];
  let lastEnd: Promise<string | null> = Promise.resolve(firstEnd);
  const readAhead = () => {
    const after = lastEnd;
    // After the last batch (no end: fewer entries than a batch followed) nothing is read.
    const end = after.then(async (from) => {
      if (from === null) return null;
      await meter();
      return readExportEnd(filters, tier, mark, from, size);
    });
    lastEnd = end;
    const batch = Promise.all([after, end]).then(([from, to]) => (from === null ? NOTHING : readExportLines(filters, tier, mark, from, to, readAs)));
    // A failure is met when its batch is taken from the queue, or never (the client went away).
    batch.catch(() => {});
    end.catch(() => {});
    queue.push(batch);
  };
  let head = encoder.head();
  let done = false;

  const checkpoint = () => (position ? encodeExportCursor({ mark, id: position, count }, fingerprint) : null);

  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (done) return;
        try {
          const batch = await queue.shift()!;
          count += batch.count;
          position = batch.last ?? position;
          if (batch.more) while (queue.length < readAheadCount) readAhead();
          // Entries read as NDJSON bytes go out as they came (only the NDJSON encoder reads them so,
          // and it has no head); the encoder writes whatever else the batch needs.
          for (const bytes of batch.ndjson ?? []) controller.enqueue(bytes);
          const pieces = [head, ...encoder.batch(batch.lines, batch.more ? { cursor: checkpoint()!, count } : null)];
          head = "";
          if (!batch.more) pieces.push(encoder.complete(count));
          controller.enqueue(utf8Bytes(pieces));
          if (!batch.more) {
            done = true;
            controller.close();
          }
        } catch (error) {
          done = true;
          const problem = asProblem(error);
          if (problem.status >= 500) log("warn", "export interrupted", { status: problem.status, count });
          const retryAfter = problem.extras.headers?.["Retry-After"];
          const end = { count, cursor: checkpoint(), ...(retryAfter ? { retry_after: Number(retryAfter) } : {}), problem: problemBody(problem, instance) };
          const text = head + encoder.interrupted(end);
          // NDJSON says it in its last line, and ends: erroring the stream would drop that line
          // unsent. CSV has no such line, so its transfer is broken off, for the client to see.
          if (text) {
            controller.enqueue(encode.encode(text));
            controller.close();
          } else controller.error(problem);
        }
      },
      cancel() {
        done = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, contentType: encoder.contentType, extension: encoder.extension };
}

/** The snapshot mark of an export starting now, as the database's clock reads it (to the
 * microsecond: created_at keeps milliseconds). */
async function exportMark(): Promise<string> {
  const [row] = await queryRows<{ mark: string }>(
    Prisma.sql`SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS mark`,
  );
  return row!.mark;
}
