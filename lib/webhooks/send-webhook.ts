import http from "node:http";
import https from "node:https";
import net from "node:net";
import { SpanStatusCode } from "@opentelemetry/api";
import { inSpan } from "@/lib/tracing/in-span";
import { ForbiddenTargetError, guardedLookup } from "./guarded-lookup";
import { isForbiddenAddress } from "./forbidden-address";

export type SendOutcome = {
  /** The HTTP status, or null when none came (timeout, refused, network error). */
  status: number | null;
  /** Why there was no usable answer, in a few words (never a secret). */
  error: string | null;
  /** Seconds from a Retry-After header of the answer, if it had one. */
  retryAfterSeconds: number | null;
  /** The first bytes of the answer's body. */
  snippet: string | null;
  latencyMs: number;
};

const SNIPPET_BYTES = 512;

type SendOptions = { timeoutMs: number; allowPrivateTargets: boolean; signal?: AbortSignal };

/** The outcome of a send cut off by `signal` before any answer: no status, so nothing happened
 * as far as the delivery is concerned (the caller hands its claim back). */
export const CUT_OFF = { status: null, error: "cut off: the dispatcher is stopping", retryAfterSeconds: null, snippet: null } as const;

/**
 * POSTs one webhook, in a span of its own (the target's host and the answer's status: never the
 * URL's path or query, which may hold the receiver's token). One timeout covers the whole attempt;
 * redirects are not followed (a 3xx is a failure); only 2xx counts as delivered, which is the
 * caller's decision. Unless private targets are allowed, an IP literal is checked here and a host
 * name at connect time (guardedLookup). `signal` cuts the attempt off (a stopping dispatcher):
 * the outcome is CUT_OFF unless an answer had already come.
 */
export function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<SendOutcome> {
  const attributes = { "http.request.method": "POST", "server.address": new URL(url).hostname };
  return inSpan("webhook send", attributes, async (span) => {
    const outcome = await send(url, headers, body, options);
    if (outcome.status !== null) span.setAttribute("http.response.status_code", outcome.status);
    if (outcome.status === null || outcome.status >= 300) span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.error ?? `status ${outcome.status}` });
    return outcome;
  });
}

function send(
  url: string,
  headers: Record<string, string>,
  body: string,
  { timeoutMs, allowPrivateTargets, signal }: SendOptions,
): Promise<SendOutcome> {
  const started = performance.now();
  const done = (o: Omit<SendOutcome, "latencyMs">): SendOutcome => ({ ...o, latencyMs: Math.round(performance.now() - started) });
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivateTargets && net.isIP(host) && isForbiddenAddress(host)) {
    return Promise.resolve(done({ status: null, error: "refused: the address is private or reserved", retryAfterSeconds: null, snippet: null }));
  }
  const transport = target.protocol === "https:" ? https : http;
  if (signal?.aborted) return Promise.resolve(done(CUT_OFF));
  return new Promise((resolve) => {
    let settled = false;
    // What the receiver has answered so far, once it has: a cut-off then keeps its status.
    let answered: (() => Omit<SendOutcome, "latencyMs">) | null = null;
    const finish = (outcome: Omit<SendOutcome, "latencyMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      request.destroy();
      resolve(done(outcome));
    };
    const onAbort = () => finish(answered ? answered() : CUT_OFF);
    signal?.addEventListener("abort", onAbort, { once: true });
    const request = transport.request(target, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), "user-agent": "trust-registry-webhooks/1" },
      agent: false,
      ...(allowPrivateTargets ? {} : { lookup: guardedLookup }),
    });
    const timer = setTimeout(() => finish({ status: null, error: `timeout after ${timeoutMs} ms`, retryAfterSeconds: null, snippet: null }), timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) => {
      const reason = error instanceof ForbiddenTargetError ? "refused: the host resolves to a private or reserved address" : `network error (${error.code ?? error.name})`;
      finish({ status: null, error: reason, retryAfterSeconds: null, snippet: null });
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const status = response.statusCode ?? 0;
      const outcome = () => ({
        status,
        error: status >= 300 && status < 400 ? `redirect (${status}) not followed` : null,
        retryAfterSeconds: parseRetryAfter(response.headers["retry-after"]),
        snippet: Buffer.concat(chunks).toString("utf8").slice(0, SNIPPET_BYTES) || null,
      });
      answered = outcome;
      response.on("data", (chunk: Buffer) => {
        if (size < SNIPPET_BYTES) chunks.push(chunk.subarray(0, SNIPPET_BYTES - size));
        size += chunk.length;
        if (size >= SNIPPET_BYTES) finish(outcome());
      });
      response.on("end", () => finish(outcome()));
      response.on("error", () => finish(outcome()));
    });
    request.end(body);
  });
}

/** Retry-After as seconds: delta-seconds or an HTTP date. */
function parseRetryAfter(value: string | undefined): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
