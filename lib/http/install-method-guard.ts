import http from "node:http";
import { methodNotAllowed } from "./method-not-allowed";

const INSTALLED = Symbol.for("trust-registry.method-guard");
// Next's own endpoints (assets, and the dev overlay's POSTs) define their methods themselves:
// only what Next could not turn into a Request at all is refused there.
const NEXT_OWN = /^\/(_next|__nextjs)/;
const FETCH_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"]);

/**
 * Answers a request whose method its route does not define with a 405 (methodNotAllowed) before
 * Next sees it. proxy.ts cannot: Next turns every request into a fetch Request first, and that
 * throws for TRACE (the Fetch standard forbids it), so Next answered TRACE with a 500 page and a
 * stack trace in the log, and other unknown methods with a bare 400. Runs inside the Node server
 * of `next start`, installed once by instrumentation.ts; proxy.ts makes the same check where no
 * such server exists.
 */
export function installMethodGuard(): void {
  const prototype = http.Server.prototype as http.Server & { [INSTALLED]?: true };
  if (prototype[INSTALLED]) return;
  prototype[INSTALLED] = true;
  const emit = prototype.emit;
  prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
      const method = request.method ?? "";
      const pathname = pathnameOf(request.url);
      const refusal = NEXT_OWN.test(pathname) && FETCH_METHODS.has(method) ? undefined : methodNotAllowed(method, pathname);
      if (refusal) {
        void send(refusal, response);
        return true;
      }
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof prototype.emit;
}

function pathnameOf(url: string | undefined): string {
  try {
    return new URL(url ?? "/", "http://localhost").pathname;
  } catch {
    return "/";
  }
}

async function send(answer: Response, response: http.ServerResponse): Promise<void> {
  const body = await answer.text();
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  response.end(body);
}
