// The one place a route handler says who may call it and whether it records events. proxy.ts
// enforces the same declaration before the handler runs: scripts/route-manifest.ts copies each
// one into lib/http/route-manifest.ts, and a unit test fails while that copy is stale or a route
// under /api exports a handler without one. It joins lib/http (who is calling, the answer's
// shape) and lib/webhooks (the prompt kick), so it stands above both, under app/ alone.
import type { KeyIdentity } from "@/lib/keys/key-identity";
import type { Scope } from "@/lib/keys/schemas";
import { kickAfterResponse } from "@/lib/webhooks/kick-after-response";
import type { ApiAccess } from "@/lib/http/api-access-rule";
import { withApiHeaders } from "@/lib/http/api-headers";
import { assertRouteParams } from "@/lib/http/assert-route-params";
import { identifyRequest, KEY_REQUIRED, type RequestIdentity } from "@/lib/http/identify-request";
import { problemResponse } from "@/lib/http/problem-response";
import { unauthorized } from "@/lib/errors/unauthorized";

type Keyed<S extends Scope = Scope> = { kind: "keyed"; scope: S };

/** Written as a literal in the route file, so the manifest script can read it without running it. */
export type RouteDeclaration<A extends Access> = {
  /** "read", "health", "live", "client_secret", "signed_webhook", or keyed(scope): see ApiAccess. */
  access: A;
  /** The handler may record events: their webhooks are kicked off once the answer has gone out. */
  emits?: boolean;
};

/** What Next passes a handler: the dynamic segments of its path. */
type RouteContext<Params> = { params: Promise<Params> };

type Access = Exclude<ApiAccess["kind"], "keyed"> | Keyed;

/**
 * What a keyed handler is given: the verified key, and the whole identity. Only embed:write
 * admits the hosted widget's preview session, which stands for no key.
 */
type Granted<A extends Access> =
  A extends Keyed<infer S> ? { key: S extends "embed:write" ? KeyIdentity | null : KeyIdentity; identity: RequestIdentity } : unknown;

/** An endpoint that needs an API key with `scope`, from an origin on the key's allowlist. */
export function keyed<S extends Scope>(scope: S): Keyed<S> {
  return { kind: "keyed", scope };
}

/**
 * A route handler with its declared access. A keyed handler receives the request's verified key
 * in its context (proxy.ts has already refused the request otherwise; the handler asks again,
 * from the process-wide key cache). Path segments are checked first (assertRouteParams), whatever
 * the handler throws becomes problem+json, and every answer carries the API headers.
 */
export function route<A extends Access, Params extends object = object>(
  declaration: RouteDeclaration<A>,
  handler: (request: Request, context: RouteContext<Params> & Granted<A>) => Promise<Response>,
): (request: Request, context: RouteContext<Params>) => Promise<Response> {
  const access: ApiAccess = typeof declaration.access === "string" ? { kind: declaration.access } : declaration.access;
  return async (request, context) => {
    try {
      await assertRouteParams(context);
      const granted = access.kind === "keyed" ? await grant(request, access) : {};
      const response = await handler(request, { ...context, ...granted } as RouteContext<Params> & Granted<A>);
      if (declaration.emits) kickAfterResponse();
      return withApiHeaders(response);
    } catch (error) {
      return problemResponse(error, new URL(request.url).pathname);
    }
  };
}

async function grant(request: Request, access: ApiAccess): Promise<{ key: KeyIdentity | null; identity: RequestIdentity }> {
  const identity = await identifyRequest(request, access);
  if (!identity.key && !identity.session) throw unauthorized(KEY_REQUIRED);
  return { key: identity.key, identity };
}
