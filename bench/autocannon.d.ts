// The part of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    /** Per-request hooks; each entry starts from the method, headers and body above. */
    requests?: { path?: string; setupRequest?: (request: { headers?: Record<string, string> }) => unknown }[];
  };

  export type Histogram = { mean: number; average: number; stddev: number; min: number; max: number; p50: number; p99: number };

  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram & { totalCount: number };
    requests: Histogram & { total: number; sent: number };
    throughput: Histogram & { total: number };
  };

  export type Instance = EventEmitter & {
    on(event: "response", listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): Instance;
    stop(): void;
  };

  export default function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
}
