// What an API route asks of a request before its handler runs, as route() declares it and the
// generated route manifest repeats it for proxy.ts.
import type { Scope } from "@/lib/keys/schemas";

export type ApiAccess =
  /** Registry reads (and anything else public): no key needed; a valid key with registry:read
   * lifts the tier and the limit, a bad one is a 401. Any origin may read. */
  | { kind: "read" }
  /** The readiness probe: no key, a generous bucket of its own, any origin. */
  | { kind: "health" }
  /** Liveness: no key and never rate limited, so an orchestrator never restarts a healthy app
   * because some client was busy. It touches no dependency, so it costs nothing to serve. */
  | { kind: "live" }
  /** Write and embed endpoints: a key with `scope`, used from an origin on its allowlist. */
  | { kind: "keyed"; scope: Scope }
  /** No API key: a secret in the request is the capability, checked by the handler — a donation
   * intent's client secret, the cron route's CRON_SECRET. Counted like anonymous reads; any origin. */
  | { kind: "client_secret" }
  /** No API key: a payment provider's signature over the body is the capability, checked by the
   * handler. Counted per client in a bucket of its own (ten times the free tier), so the public's
   * reads never delay a provider's events. Any origin. */
  | { kind: "signed_webhook" };
