// Load runs with autocannon: requests/s and latency percentiles of one URL, possibly over several
// rounds. Latencies are kept per response, in fractional milliseconds: autocannon's own
// histogram counts whole milliseconds, too coarse for the sub-millisecond floors.
import autocannon, { type Result } from "autocannon";

export type LoadOptions = { connections: number; duration: number };

/** How a scenario asks: a plain GET by default; GraphQL scenarios POST a body, keyed ones send a key. */
export type LoadRequest = {
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
  /** Sent with a fresh value on every request (an Idempotency-Key: each request makes a new intent). */
  freshHeader?: string;
  /** Paths each connection asks in turn instead of the URL's (many filter combinations of one route). */
  paths?: string[];
};

/** One load run's raw figures. */
export type Sample = { latencies: number[]; requests: number; seconds: number; bytes: number };

export type Measurement = {
  requests_per_second: number;
  latency_ms: { p50: number; p99: number; mean: number };
  requests: number;
  bytes_per_response: number;
  rounds: number;
};

export class LoadError extends Error {
  override name = "LoadError";
}

function load(url: string, options: LoadOptions, request?: LoadRequest, onLatency?: (ms: number) => void): Promise<Result> {
  return new Promise((resolve, reject) => {
    // No If-None-Match is ever sent, so every answer is a full 200 body, never a 304.
    const { freshHeader, paths, ...plain } = request ?? {};
    let counter = 0;
    const fresh = paths
      ? { requests: paths.map((path) => ({ path })) }
      : freshHeader
      ? {
          // autocannon wants the request it passes in, changed in place: a copy sends nothing.
          requests: [
            {
              setupRequest: (r: { headers?: Record<string, string> }) => {
                r.headers = { ...r.headers, [freshHeader]: `bench-${process.pid}-${Date.now()}-${++counter}` };
                return r;
              },
            },
          ],
        }
      : {};
    const instance = autocannon({ url, ...options, ...plain, ...fresh, timeout: 30 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    if (onLatency) instance.on("response", (_client, status, _bytes, ms) => status < 300 && onLatency(ms));
  });
}

/** Warms the path up (JIT, connection pools, database caches); the figures are thrown away. */
export async function warmUp(url: string, options: LoadOptions, request?: LoadRequest): Promise<void> {
  const result = await load(url, options, request);
  // A cold write path on a busy machine may answer nothing within a short warm-up: that is no
  // failure (the figures are thrown away), a failing answer is.
  if (result.requests.total === 0 && !result.non2xx && !result.errors) return;
  await assertClean(url, result, request);
}

export async function sample(url: string, options: LoadOptions, request?: LoadRequest): Promise<Sample> {
  const latencies: number[] = [];
  const result = await load(url, options, request, (ms) => latencies.push(ms));
  await assertClean(url, result, request);
  return { latencies, requests: result.requests.total, seconds: result.duration, bytes: result.throughput.total };
}

/** The figures of one scenario over all its rounds, as if it had been one longer run. */
export function summarize(samples: Sample[]): Measurement {
  const latencies = samples.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const sum = (of: (s: Sample) => number) => samples.reduce((total, s) => total + of(s), 0);
  const requests = sum((s) => s.requests);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    requests_per_second: round(requests / sum((s) => s.seconds)),
    latency_ms: {
      p50: round(percentile(latencies, 0.5)),
      p99: round(percentile(latencies, 0.99)),
      mean: round(latencies.reduce((total, ms) => total + ms, 0) / Math.max(latencies.length, 1)),
    },
    requests,
    bytes_per_response: Math.round(sum((s) => s.bytes) / Math.max(requests, 1)),
    rounds: samples.length,
  };
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number;
}

/** A benchmark of failing requests measures the failure path: refuse to report it. */
async function assertClean(url: string, result: Result, request?: LoadRequest): Promise<void> {
  const problems = [
    result.non2xx && `${result.non2xx} non-2xx answers (${JSON.stringify(result.statusCodeStats)})`,
    result.errors && `${result.errors} connection errors`,
    result.timeouts && `${result.timeouts} timeouts`,
    result.requests.total === 0 && "no answer at all",
  ].filter(Boolean);
  if (!problems.length) return;
  // autocannon keeps no bodies: ask once more, so the report can say what a failure looked like.
  const answer = await fetch(url, request).then(
    async (r) => `one more ${request?.method ?? "GET"} answered ${r.status}: ${(await r.text()).slice(0, 600)}`,
    (error: unknown) => `one more ${request?.method ?? "GET"} failed: ${String(error)}`,
  );
  throw new LoadError(`${url}: ${problems.join(", ")}\n${answer}`);
}
