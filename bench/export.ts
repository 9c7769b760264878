// The bulk export's figures (issue 21): one whole NDJSON export of the registry with a partner
// key, its rows per second, and how far the server's resident memory rose above where it stood
// before (every process of the server's group, sampled from /proc every 20 ms): an export that
// streams batch by batch stays flat however large the registry.
import fs from "node:fs";

export type ExportFigures = {
  rows: number;
  seconds: number;
  rows_per_second: number;
  rss_before_mb: number;
  rss_peak_mb: number;
  rss_growth_mb: number;
};

export async function measureExport(baseUrl: string, key: string, serverGroup: number): Promise<ExportFigures> {
  const before = groupRssBytes(serverGroup);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, groupRssBytes(serverGroup))), 20);
  const started = performance.now();
  let rows = 0;
  let tail = "";
  let complete = false;
  try {
    const response = await fetch(`${baseUrl}/api/registry/export`, { headers: { authorization: `Bearer ${key}` } });
    if (response.status !== 200) throw new Error(`the export answered ${response.status}`);
    const decoder = new TextDecoder();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      const text = tail + decoder.decode(chunk, { stream: true });
      const lines = text.split("\n");
      tail = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.startsWith('{"export":')) rows += 1;
        else if (line.startsWith('{"export":"complete"')) complete = true;
      }
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, groupRssBytes(serverGroup));
  if (!complete) throw new Error(`the export ended without its complete line after ${rows} rows`);
  const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
  return {
    rows,
    seconds: Math.round(seconds * 100) / 100,
    rows_per_second: Math.round(rows / seconds),
    rss_before_mb: mb(before),
    rss_peak_mb: mb(peak),
    rss_growth_mb: mb(peak - before),
  };
}

/** Resident memory of every process in a process group (a server and what it forked). */
function groupRssBytes(group: number): number {
  let total = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // pgrp is the fifth field, the third after the parenthesised command name.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== group) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${entry}/status`, "utf8"));
      total += Number(rss?.[1] ?? 0) * 1024;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}
