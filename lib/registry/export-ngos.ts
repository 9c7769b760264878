import { config } from "@/lib/config";
import { Prisma, queryRows } from "@/lib/db";
import { asProblem, problemBody } from "@/lib/http/problem-response";
import { log } from "@/lib/log";
import { queryFingerprint } from "./cursor";
import { decodeExportCursor, encodeExportCursor } from "./export-cursor";
import { exportEncoder } from "./export-encoder";
import type { ProjectedNgo } from "./project-ngo";
import { projectNgoRows } from "./project-ngo-rows";
import { readExportRows, type ExportRows } from "./read-export-batch";
import { registryWhere } from "./registry-where";
import type { ExportQuery } from "./schemas";
import type { Tier } from "@/lib/tiers";

export type NgoExport = { body: ReadableStream<Uint8Array>; contentType: string; extension: string };

type ExportBatch = { entries: ProjectedNgo[]; last: ExportRows["last"] };

/**
 * Batches read ahead of the one being written out. Each batch's entries are read where the
 * previous batch's ended, then their details; so while the client's socket takes one batch, the
 * database reads the next two, the second one's entries beside the first one's details. Measured
 * when the export still read in creation order, whose pages the sample scatters: at 2,000,000
 * entries two exports side by side read 18,300 rows/s together against 10,600–15,500 alone, the
 * detail queries waiting on pages. In id order Node's encoding is the limit (docs/benchmarks.md).
 */
const READ_AHEAD = 2;

/**
 * The registry as the tier may see it, filtered as asked, streamed batch by batch in id order
 * (ids sort by creation, see readExportRows): the database is read at most READ_AHEAD batches
 * ahead of what the client has taken (a pull stream), so memory stays constant however large the
 * registry.
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
  const encoder = exportEncoder(query.format ?? "ndjson", tier);
  const encode = new TextEncoder();
  const size = config().exportBatchSize;

  let position: string | null = resumed?.id ?? null;
  let count = resumed?.count ?? 0;
  const withDetails = async ({ rows, last }: ExportRows): Promise<ExportBatch> => ({ entries: await projectNgoRows(rows, tier), last });
  // The first batch is read before the answer begins, so that its problems are an ordinary
  // problem+json answer; every later one is metered before it is read.
  let rowsRead: Promise<ExportRows> = readExportRows(filters, tier, mark, position, size);
  const queue: Promise<ExportBatch>[] = [Promise.resolve(await withDetails(await rowsRead))];
  const readAhead = () => {
    rowsRead = rowsRead.then(async (previous) => {
      // After a short batch nothing follows (the export ends there): not read, not metered.
      if (previous.rows.length < size) return { rows: [], last: null };
      await meter();
      return readExportRows(filters, tier, mark, previous.last, size);
    });
    const batch = rowsRead.then(withDetails);
    // A failure is met when its batch is taken from the queue, or never (the client went away).
    batch.catch(() => {});
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
          count += batch.entries.length;
          position = batch.last ?? position;
          const more = batch.entries.length === size;
          if (more) while (queue.length < READ_AHEAD) readAhead();
          let text = head + encoder.batch(batch.entries, more ? { cursor: checkpoint()!, count } : null);
          head = "";
          if (!more) text += encoder.complete(count);
          controller.enqueue(encode.encode(text));
          if (!more) {
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
