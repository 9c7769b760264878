// The bulk export's figures (issue 21): one whole NDJSON export of the registry with a partner
// key, its rows per second, and how far the server's resident memory rose above where it stood
// before (every process of the server's group, sampled every 20 ms): an export that
// streams batch by batch stays flat however large the registry.
import fs from "node:fs";
import http from "node:http";

export type ExportFigures = {
  rows: number;
  seconds: number;
  rows_per_second: number;
  rss_before_mb: number;
  rss_peak_mb: number;
  rss_growth_mb: number;
};

export async function measureExport(baseUrl: string, key: string, serverGroup: number): Promise<ExportFigures> {
  const memory = groupMemory(serverGroup);
  const before = memory.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, memory.rss())), 20);
  const started = performance.now();
  let counted: { rows: number; complete: boolean };
  try {
    counted = await countExportLines(`${baseUrl}/api/registry/export`, key);
  } finally {
    clearInterval(sampler);
    memory.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, memory.rss());
  if (!counted.complete) throw new Error(`the export ended without its complete line after ${counted.rows} rows`);
  const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
  return {
    rows: counted.rows,
    seconds: Math.round(seconds * 100) / 100,
    rows_per_second: Math.round(counted.rows / seconds),
    rss_before_mb: mb(before),
    rss_peak_mb: mb(peak),
    rss_growth_mb: mb(peak - before),
  };
}

const NEWLINE = 0x0a;
/** A line of the export's own (a checkpoint, the end) after a newline; no entry line starts so. */
const CONTROL = Buffer.from('\n{"export":');
const COMPLETE = '{"export":"complete"';

/**
 * Reads an NDJSON export as cheaply as a client on the same two cores can: the client shares
 * them with the server and PostgreSQL, so what it spends is taken from the export it measures
 * (decoding and splitting every line held an export to 30,700 rows/s where counting bytes gave
 * 34,700 and curl 39,000). Node's own HTTP client, no copy of the body: lines are the newlines
 * counted in each chunk, less the export's own lines, found by their start (across two chunks,
 * in a few bytes of each); the last line must be the complete line.
 */
function countExportLines(url: string, key: string): Promise<{ rows: number; complete: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { authorization: `Bearer ${key}` } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`the export answered ${response.statusCode}`));
        return;
      }
      let lines = 0;
      let control = 0;
      // The stream's last bytes before each chunk (as if a newline came before the body, so that a
      // first line of the export's own is found too): a control line's start that spans chunks,
      // however small, lies in these and the chunk's first bytes.
      let before: Buffer = Buffer.from("\n");
      let tail: Buffer = Buffer.alloc(0);
      const last = (bytes: Buffer, chunk: Buffer, size: number) => (chunk.length >= size ? chunk.subarray(-size) : Buffer.concat([bytes, chunk]).subarray(-size));
      response.on("data", (chunk: Buffer) => {
        for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) lines += 1;
        for (let at = chunk.indexOf(CONTROL); at !== -1; at = chunk.indexOf(CONTROL, at + 1)) control += 1;
        if (Buffer.concat([before, chunk.subarray(0, CONTROL.length - 1)]).includes(CONTROL)) control += 1;
        before = last(before, chunk, CONTROL.length - 1);
        tail = last(tail, chunk, 256);
      });
      response.on("end", () => {
        const text = tail.toString("latin1");
        const lastLine = text.slice(text.lastIndexOf("\n", text.length - 2) + 1);
        if (!lastLine.startsWith(COMPLETE)) return resolve({ rows: lines - control, complete: false });
        // The server's own count, which the lines counted here must equal.
        const { count } = JSON.parse(lastLine) as { count: number };
        if (count !== lines - control) reject(new Error(`the export said ${count} rows and sent ${lines - control}`));
        else resolve({ rows: count, complete: true });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/**
 * The resident memory of a process group (a server and what it forked): its members looked up
 * in /proc twice a second, and their sizes read from /proc/PID/statm, one small file each,
 * whenever asked. Scanning every process on every sample, as before, cost the bench's client a
 * share of the cores the export runs on.
 */
function groupMemory(group: number): { rss(): number; stop(): void } {
  let members = groupMembers(group);
  const lookup = setInterval(() => (members = groupMembers(group)), 500);
  const page = 4096;
  return {
    rss() {
      let total = 0;
      for (const pid of members) {
        try {
          total += Number(fs.readFileSync(`/proc/${pid}/statm`, "latin1").split(" ")[1]) * page;
        } catch {
          // The process ended since it was looked up.
        }
      }
      return total;
    },
    stop: () => clearInterval(lookup),
  };
}

/** The processes of a process group. */
function groupMembers(group: number): string[] {
  const members: string[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // pgrp is the fifth field, the third after the parenthesised command name.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === group) members.push(entry);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return members;
}
