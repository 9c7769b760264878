import { config } from "@/lib/config";
import { Prisma, queryRows } from "@/lib/db";
import { asProblem, problemBody } from "@/lib/http/problem-response";
import { log } from "@/lib/log";
import { queryFingerprint } from "./cursor";
import { decodeExportCursor, encodeExportCursor, type ExportPosition } from "./export-cursor";
import { exportEncoder } from "./export-encoder";
import { readExportBatch, type ExportBatch } from "./read-export-batch";
import { registryWhere } from "./registry-where";
import type { ExportQuery } from "./schemas";
import type { Tier } from "@/lib/tiers";

export type NgoExport = { body: ReadableStream<Uint8Array>; contentType: string; extension: string };

/**
 * The registry as the tier may see it, filtered as asked, streamed batch by batch in creation
 * order: the database is read at most one batch ahead of what the client has taken (a pull
 * stream), so memory stays constant however large the registry.
 *
 * The snapshot is the set of entries created by the moment the export began (its mark, carried in
 * every checkpoint): entries created meanwhile are never in it, each entry is in it at most once,
 * and every entry that stays visible throughout exactly once; each batch shows its entries as
 * they are when it is read. No transaction is held open while the client reads.
 *
 * `meter` is called before every batch but the first (which the request itself paid for); it
 * throws the 429 problem when the caller's quota is spent, and the export stops at its last
 * checkpoint. Problems found before the first byte (a bad cursor, a hidden state, a database
 * that does not answer) are thrown here, as an ordinary problem+json answer.
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

  let position: Pick<ExportPosition, "createdAt" | "id"> | null = resumed;
  let count = resumed?.count ?? 0;
  // One batch is read ahead while the one before it is written out: the database and the
  // client's socket work side by side, and memory still holds at most two batches.
  const readAhead = (): Promise<ExportBatch> => {
    const reading = meter().then(() => readExportBatch(filters, tier, mark, position, size));
    reading.catch(() => {});
    return reading;
  };
  let ahead: Promise<ExportBatch> = Promise.resolve(await readExportBatch(filters, tier, mark, position, size));
  let head = encoder.head();
  let done = false;

  const checkpoint = () => (position ? encodeExportCursor({ mark, ...position, count }, fingerprint) : null);

  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (done) return;
        try {
          const batch = await ahead;
          count += batch.entries.length;
          position = batch.last ?? position;
          const more = batch.entries.length === size;
          if (more) ahead = readAhead();
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
