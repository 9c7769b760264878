import http from "node:http";
import { config } from "@/lib/config";
import { log } from "@/lib/log";
import { accessLogFields } from "./access-log-fields";
import { HSTS } from "./hsts";
import { requestContext, type RequestRecord } from "./request-context";
import { requestId } from "./request-id";

const INSTALLED = Symbol.for("trust-registry.request-observer");

/**
 * Sees every request the Node server of `next start` (or the standalone server) answers — API
 * routes, pages, static files, metadata routes, 404s, the method guard's 405s — before Next does:
 * - gives it an id (requestId), which Next's handlers read as the X-Request-Id request header and
 *   which the answer carries;
 * - adds Strict-Transport-Security in production, to every kind of answer;
 * - runs the rest of the request in its request context, where proxy.ts notes tier and key;
 * - writes one JSON access-log line when the answer is complete (or the client went away).
 * Installed once by instrumentation.ts, after the method guard, so it wraps that too.
 */
export function installRequestObserver(): void {
  const prototype = http.Server.prototype as http.Server & { [INSTALLED]?: true };
  if (prototype[INSTALLED]) return;
  prototype[INSTALLED] = true;
  const emit = prototype.emit;
  prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event !== "request") return Reflect.apply(emit, this, [event, ...args]) as boolean;
    const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
    const settings = config();
    const inbound = request.headers["x-request-id"];
    const record: RequestRecord = { id: requestId(typeof inbound === "string" ? inbound : undefined, settings.trustedProxyHops) };
    request.headers["x-request-id"] = record.id;
    response.setHeader("X-Request-Id", record.id);
    if (settings.hsts) response.setHeader("Strict-Transport-Security", HSTS);
    const started = performance.now();
    response.once("close", () => {
      const answer = { status: response.statusCode, durationMs: performance.now() - started, complete: response.writableFinished };
      log("info", "request", accessLogFields(request, answer, record));
    });
    return requestContext().run(record, () => Reflect.apply(emit, this, [event, ...args]) as boolean);
  } as typeof prototype.emit;
}
